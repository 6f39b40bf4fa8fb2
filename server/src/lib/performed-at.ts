import { type PerformedAtBounds, performedAtProblem } from '@itms/contracts/rules/performed-at';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { units } from '../db/schema';
import { badRequest } from './errors';

/**
 * The `performed_at` of a field write as a Date (undefined: the column's default, the receipt
 * time). Refused with 400 at `performed_at`, saying why: a device clock more than 10 minutes ahead
 * of the server, work older than FIELD_MAX_AGE_DAYS, or dated before its unit was registered.
 */
export function performedAtOf(
  value: string | undefined,
  bounds: Omit<PerformedAtBounds, 'now'> & { now?: Date },
): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  const problem = performedAtProblem(at, { ...bounds, now: bounds.now ?? new Date() });
  if (problem) throw badRequest(problem, [{ field: 'performed_at', message: problem }]);
  return at;
}

/**
 * `performedAtOf` for work on a unit: its registration bounds the date too (a unit that does not
 * exist bounds nothing; the caller refuses it).
 */
export async function unitPerformedAt(
  tx: DbOrTx,
  value: string | undefined,
  unitId: number,
  maxAgeDays: number,
): Promise<Date | undefined> {
  if (value === undefined) return undefined;
  const [unit] = await tx
    .select({ createdAt: units.created_at, plate: units.plate_number })
    .from(units)
    .where(eq(units.id, unitId));
  return performedAtOf(value, { maxAgeDays, unit: unit ?? null });
}
