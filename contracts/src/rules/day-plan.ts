// Tugas, the tire man's day plan (issue 37, item 6): the units of his projects not yet checked this
// month, the oldest last check first. 'Checked' is the unit attendance's rule (Absensi Unit Bulanan,
// rules/work-done.ts): the server gives each unit the local day of its last check that counts as
// work done, read from the same read model (tire_check_unit_month); the phone adds the checks it has
// made since. The office's plan of a tire man and the phone's Tugas both run this function.

/** A unit as the plan reads it. */
export interface PlanUnit {
  id: number;
  plate_number: string;
  /**
   * Local day `yyyy-mm-dd` (APP_TIMEZONE) of its last check that counts as work done; null when it
   * has none. Undefined in a phone snapshot stored before the field existed: then `checked_this_month`.
   */
  last_done_on?: string | null;
  checked_this_month?: boolean;
}

export interface DayPlan<U> {
  /** The month, `yyyy-mm`. */
  month: string;
  /** Units checked this month (N of 'N dari M'). */
  done: number;
  /** His units (M). */
  total: number;
  /** The units still to check, never checked first, then the oldest last check, then by plate. */
  todo: U[];
}

/** Whether the unit counts as checked in the month `yyyy-mm` (before the checks made since). */
export function checkedInMonth(u: PlanUnit, month: string): boolean {
  if (u.last_done_on === undefined) return u.checked_this_month === true;
  return u.last_done_on !== null && u.last_done_on.slice(0, 7) >= month;
}

/**
 * The plan of a month: `doneSince` holds the units checked since the data was read (the phone's
 * queued and just-sent checks), which count as checked at once.
 */
export function dayPlan<U extends PlanUnit>(
  units: readonly U[],
  month: string,
  doneSince: ReadonlySet<number> = new Set(),
): DayPlan<U> {
  const todo = units.filter((u) => !doneSince.has(u.id) && !checkedInMonth(u, month));
  todo.sort((a, b) => {
    const x = a.last_done_on ?? '';
    const y = b.last_done_on ?? '';
    if (x !== y) return x < y ? -1 : 1;
    return a.plate_number < b.plate_number ? -1 : a.plate_number > b.plate_number ? 1 : a.id - b.id;
  });
  return { month, done: units.length - todo.length, total: units.length, todo };
}

/** 'N dari M unit bulan ini'. */
export const planText = (p: Pick<DayPlan<unknown>, 'done' | 'total'>) =>
  `${p.done} dari ${p.total} unit bulan ini`;
