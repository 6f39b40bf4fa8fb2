import { z } from 'zod';
import { ROLES } from './enums';
import { ZNewPassword } from './password';

/** The phone's own id (ITMS Lapangan): 1-200 visible ASCII characters, no spaces. */
export const DEVICE_ID_PATTERN = /^[\x21-\x7e]{1,200}$/;

export const ZLoginBody = z.object({
  email: z.string().trim().toLowerCase().email('Email tidak valid').max(200),
  password: z.string().min(1, 'Password wajib diisi').max(200),
  /** Sent by the phone app: a new login from the same device replaces that device's session. */
  device_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(DEVICE_ID_PATTERN, 'ID perangkat harus 1-200 karakter tanpa spasi').optional(),
  ),
  /**
   * 'Keluarkan sesi lain': after a 409 (account in use elsewhere), the same login with the password
   * checked again ends the other session and signs in here. Form clients send "true" / "false".
   */
  takeover: z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
    z.boolean({ error: 'takeover harus true atau false' }).optional(),
  ),
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZSessionUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string(),
  photo: z.string(),
  signature: z.string(),
  department: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZLoginReply = z.object({
  access_token: z.string(),
  payload: z.object({ session: z.string(), user: ZSessionUser }),
});
export type TLoginReply = z.infer<typeof ZLoginReply>;

export const ZCredentialReply = ZSessionUser;

/** Indonesian mobile number as typed by people: 08xx or +628xx / 628xx, 9-13 digits after the 8. */
export const ZWhatsappNumber = z
  .string()
  .trim()
  .regex(/^(\+?62|0)8\d{7,12}$/, 'Tolong tulis nomor WA dengan benar');
/**
 * POST /api/tire-man/forgot-password. A well-formed number gets the same answer whether or not an
 * account has it (the reply does not tell who is registered); a malformed one gets 400.
 */
export const ZForgotPasswordBody = z.object({ phone: ZWhatsappNumber });

/** The one answer of forgot-password, for a registered and an unregistered number alike. */
export const FORGOT_PASSWORD_SENT = 'mohon cek whatsapp anda';

/** POST /api/tire-man/reset-password: the token of the WhatsApp link (sent in the body) and the new password. */
export const ZResetPasswordBody = z.object({
  token: z.string().min(10).max(200),
  password: ZNewPassword,
});

/** Reply of logout, forgot-password and reset-password: a message for people. */
export const ZAuthMessageReply = z.object({ message: z.string() });

export const ZUploadReply = z.object({ awsImage: z.string() });
