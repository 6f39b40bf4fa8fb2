// Profil saya (issue 22): every signed-in user reads and edits their own account.
import { z } from 'zod';
import { ROLES } from './enums';
import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from './password';

export const PROFILE_MESSAGES = {
  saved: 'Profil berhasil disimpan',
  passwordChanged: 'Password berhasil diubah',
  wrongPassword: 'Password lama salah',
  samePassword: 'Password baru harus berbeda dari password lama',
  duplicatePhone: 'Nomor HP sudah terdaftar, gunakan nomor lain',
} as const;

/** GET /api/me, and `data` of PUT /api/me: one's own account, never the password hash. */
export const ZProfile = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  phone: z.string(),
  nik: z.string(),
  department: z.string(),
  /** Upload path, '-' = none. */
  photo: z.string(),
  /** Stored signature (upload path), '-' = none: validations sign with it without drawing. */
  signature: z.string(),
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** An upload path from POST /api/upload; empty or '-' removes the image. Missing keeps it. */
const imagePath = z
  .string()
  .trim()
  .max(500, 'Path gambar terlalu panjang')
  .transform((v) => (v === '' ? '-' : v))
  .optional();

/** PUT /api/me: name and phone always; photo and signature kept when missing. */
export const ZProfileUpdateBody = z.object({
  name: z
    .string({ error: 'Nama wajib diisi' })
    .trim()
    .min(1, 'Nama wajib diisi')
    .max(120, 'Nama maksimal 120 karakter'),
  phone: z
    .string({ error: 'Nomor HP wajib diisi' })
    .trim()
    .min(1, 'Nomor HP wajib diisi')
    // typed as people write it: '0812-3456 7890' is a number too
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => v === '' || /^(\+?62|0)8\d{7,12}$/.test(v), 'Nomor HP tidak valid (contoh 08xxxxxxxxx)'),
  photo: imagePath,
  signature: imagePath,
});
export type TProfileUpdateBody = z.input<typeof ZProfileUpdateBody>;
export type TProfileUpdateInput = z.output<typeof ZProfileUpdateBody>;

export const ZProfileUpdateReply = z.object({ message: z.string(), data: ZProfile });
export type TProfileUpdateReply = z.infer<typeof ZProfileUpdateReply>;

/** Kept here too: the profile page reads it from this module. */
export { PASSWORD_MIN };

/**
 * PUT /api/me/password: the current password, and a new one of at least PASSWORD_MIN characters
 * that differs (the server also refuses common passwords).
 */
export const ZPasswordChangeBody = z
  .object({
    current_password: z
      .string({ error: 'Password lama wajib diisi' })
      .min(1, 'Password lama wajib diisi')
      .max(200),
    new_password: z
      .string({ error: 'Password baru wajib diisi' })
      .min(PASSWORD_MIN, `Password baru minimal ${PASSWORD_MIN} karakter`)
      .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong),
  })
  .refine((b) => b.current_password !== b.new_password, {
    path: ['new_password'],
    message: PROFILE_MESSAGES.samePassword,
  });
export type TPasswordChangeBody = z.infer<typeof ZPasswordChangeBody>;

/** Reply of PUT /api/me/password: `ended` = sessions of other devices that were ended. */
export const ZPasswordChangeReply = z.object({ message: z.string(), data: z.object({ ended: z.number() }) });
export type TPasswordChangeReply = z.infer<typeof ZPasswordChangeReply>;
