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
  repeated: 'Password tidak boleh berupa karakter atau pola yang diulang, seperti aaaa atau 1212',
  sequence: 'Password tidak boleh berupa urutan huruf atau angka, seperti abcd atau 1234',
  keyboard: 'Password tidak boleh berupa deretan tombol keyboard, seperti qwerty atau asdfgh',
  product: 'Password tidak boleh memuat nama aplikasi (ITMS)',
  /** The password holds the account's own name, e-mail, phone number or NIK: `part` is what was found. */
  personal: (part: string) => `Password tidak boleh memuat nama, email, nomor HP atau NIK Anda (${part})`,
  guessable:
    'Password terlalu mudah ditebak: gabungkan beberapa kata yang tidak umum dengan angka atau tanda baca',
} as const;

/**
 * A password being set. Length only: the server also refuses passwords that are easy to guess
 * (server/src/lib/password-policy.ts: common ones, repeats, sequences, keyboard rows, the product's
 * name, the account's own data) with one of PASSWORD_MESSAGES on the same field.
 */
export const ZNewPassword = z
  .string({ error: PASSWORD_MESSAGES.required })
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong);
