import { isPerformedAtInFuture, PERFORMED_AT_MESSAGES } from '@itms/contracts/rules/performed-at';
import { badRequest } from './errors';

/**
 * The `performed_at` of a field write as a Date (undefined: the column's default, the receipt
 * time). A device clock more than 10 minutes ahead of the server is refused with 400.
 */
export function performedAtOf(value: string | undefined, now: Date = new Date()): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || isPerformedAtInFuture(at, now)) {
    throw badRequest(PERFORMED_AT_MESSAGES.invalid, [
      { field: 'performed_at', message: PERFORMED_AT_MESSAGES.invalid },
    ]);
  }
  return at;
}
