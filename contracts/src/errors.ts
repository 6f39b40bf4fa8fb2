import { z } from 'zod';
import type { ApiErrorCode } from './api';

/**
 * Stable machine codes: the generic ones (contracts/src/endpoint.ts GENERIC_ERRORS) and each
 * resource's domain codes declared beside its operations (contracts/src/api/*.ts), plus INTERNAL
 * for a 5xx. The message beside a code is Indonesian text for people.
 */
export type ErrorCode = ApiErrorCode | 'INTERNAL';

export const ZFieldIssue = z.object({ field: z.string(), message: z.string() });
export const ZErrorSchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  detail: z.string().optional(),
  fields: z.array(ZFieldIssue).optional(),
});
export type TError = Omit<z.infer<typeof ZErrorSchema>, 'code'> & { code: ErrorCode };

/** Detail the login endpoint sends when the account already has an active session (spec section 8). */
export const USER_ALREADY_LOGIN = 'userIsAlreadyLogin';
