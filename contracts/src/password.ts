import { z } from 'zod';

/** The shortest password that may be set (reset link, profile, registration, admin edit). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

export const PASSWORD_MESSAGES = {
  required: 'Password wajib diisi',
  tooShort: `Password minimal ${PASSWORD_MIN} karakter`,
  tooLong: 'Password terlalu panjang',
  /**
   * A password from the list of commonly used ones. The list (49,000 words) is checked by the
   * server only: it would weigh more than the whole login page in the web bundle.
   */
  common: 'Password ini terlalu umum dan mudah ditebak, pilih password lain',
} as const;

/**
 * A password being set. Length only: the server also refuses common passwords (with
 * PASSWORD_MESSAGES.common on the same field).
 */
export const ZNewPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);
