import type { ErrorCode } from '@itms/contracts/errors';

/** An error meant for the client: status, stable code, Indonesian message. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly detail?: string,
    public readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what = 'Data') => new AppError(404, 'NOT_FOUND', `${what} tidak ditemukan`);
/** A 409 with its domain code (declared with the resource's operations in contracts/src/api/). */
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, code, message);
export const badRequest = (message: string, fields?: { field: string; message: string }[]) =>
  new AppError(400, fields ? 'VALIDATION' : 'BAD_REQUEST', message, undefined, fields);
/** A field's problem in a 400 (`fields`), shown at the field by the office and the phone. */
export interface FieldIssue {
  field: string;
  message: string;
}
/** The one message of a 400 listing its fields' problems. */
export const invalidMessage = (fields: readonly FieldIssue[]) =>
  `Data tidak valid: ${fields.map((f) => `${f.field} (${f.message})`).join(', ')}`;
/** A 400 refusing the input with each field's problem. */
export const invalidFields = (fields: FieldIssue[]) => badRequest(invalidMessage(fields), fields);
export const forbidden = () => new AppError(403, 'FORBIDDEN', 'Anda tidak memiliki akses ke fitur ini');
export const unauthorized = (message = 'Silakan login terlebih dahulu') =>
  new AppError(401, 'UNAUTHORIZED', message);

/** PostgreSQL error code of a driver error (unique_violation 23505, foreign_key_violation 23503...). */
export function pgCode(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}
