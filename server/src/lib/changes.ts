// What a partial update actually changes: the fields sent, minus the ones equal to the stored row.

/** The fields that were sent (undefined means "not sent", null means "clear it"). */
export function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The fields whose value differs from the stored row. */
export function changedFields<T extends object>(row: object, changes: T): Partial<T> {
  const current = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries(changes).filter(([k, v]) => current[k] !== v)) as Partial<T>;
}
