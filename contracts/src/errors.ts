import { z } from 'zod';

/** Stable machine codes; the message beside them is Indonesian text for people. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_LOGGED_IN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  /** The same Idempotency-Key came with another request body. */
  'IDEMPOTENCY_KEY_REUSED',
  /** The first request with this Idempotency-Key is still being processed. */
  'IDEMPOTENCY_IN_FLIGHT',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZFieldIssue = z.object({ field: z.string(), message: z.string() });
export const ZErrorSchema = z.object({
  statusCode: z.number(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  detail: z.string().optional(),
  fields: z.array(ZFieldIssue).optional(),
});
export type TError = z.infer<typeof ZErrorSchema>;

/** Detail the login endpoint sends when the account already has an active session (spec section 8). */
export const USER_ALREADY_LOGIN = 'userIsAlreadyLogin';
