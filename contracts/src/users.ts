// Tire Man admin (spec sections 2 "Tire Man admin", 3 "Tire man / user", 5 "Registration", 6, 7 "Tire men").
import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { ROLES, type Role } from './enums';
import { ZListQuery } from './list';
import { zId, zOptionalId } from './numeric';
import { PASSWORD_MAX, PASSWORD_MESSAGES, ZNewPassword } from './password';
import { zTimestamp } from './timestamp';

export const USER_MESSAGES = {
  registered: 'Sukses / User Ditambahkan',
  updated: 'Data Tireman Berhasil Diedit',
  deleted: 'User berhasil dihapus',
  forcedOut: 'Sesi pengguna telah diakhiri',
  signatureSaved: 'Tanda tangan berhasil disimpan',
  duplicateEmail: 'Email sudah terdaftar, gunakan email lain',
  duplicatePhone: 'Nomor HP sudah terdaftar, gunakan nomor lain',
  lastAdmin: 'Tidak dapat mengubah atau menghapus admin terakhir',
  deleteSelf: 'Tidak dapat menghapus akun sendiri',
  hasHistory: 'User tidak dapat dihapus karena sudah memiliki riwayat pengecekan',
  unknownProject: 'Proyek tidak ditemukan',
  customerRequired: 'Pelanggan wajib dipilih untuk akun pelanggan',
  unknownCustomer: 'Pelanggan tidak ditemukan',
  inviteSent: 'Undangan WhatsApp terkirim',
  inviteFailed: 'Undangan tidak terkirim: layanan WhatsApp tidak menjawab. Coba lagi nanti.',
} as const;

/** Days an invitation's set-password link (sent over WhatsApp by an admin) stays valid. */
export const INVITE_VALID_DAYS = 7;

/** The WhatsApp text of an invitation: who it is for, which customer's portal when it is one. */
export function inviteText(o: { name: string; customer: string | null; link: string }): string {
  const account = o.customer ? `akun portal pelanggan ITMS untuk ${o.customer}` : 'akun ITMS Anda';
  return `Halo ${o.name}, ${account} sudah dibuat. Buat password Anda di tautan ini (berlaku ${INVITE_VALID_DAYS} hari), lalu login dengan email Anda: ${o.link}`;
}

/**
 * The registration wizard's role step sends 1, 2 or 3 (spec section 6); 4 is the workshop and 5 a
 * customer's account (issue 40).
 */
export const ROLE_CHOICES: Record<string, Role> = {
  '1': 'admin',
  '2': 'staff',
  '3': 'tire-man',
  '4': 'workshop',
  '5': 'customer',
};

/** A role, also accepted as 1..5 or its label (Admin, Staff, Tire Man, Workshop, Pelanggan). */
export const ZRole = z.preprocess(
  (v) => {
    if (typeof v === 'number') return ROLE_CHOICES[String(v)] ?? v;
    if (typeof v !== 'string') return v;
    const s = v
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, '-');
    if (s === 'tireman') return 'tire-man';
    if (s === 'pelanggan') return 'customer';
    return ROLE_CHOICES[s] ?? s;
  },
  z.enum(ROLES, { error: 'Role harus admin, staff, tire-man, workshop atau pelanggan' }),
);

/**
 * The customer a 'customer' account belongs to (issue 40): required for that role, and ignored
 * (stored as none) for every other role.
 */
const customerId = zOptionalId('Pelanggan tidak valid');
const requireCustomer = (v: { role: Role; customer_id?: number | undefined }, ctx: z.RefinementCtx) => {
  if (v.role === 'customer' && v.customer_id == null) {
    ctx.addIssue({ code: 'custom', path: ['customer_id'], message: USER_MESSAGES.customerRequired });
  }
};

const name = z
  .string({ error: 'Nama wajib diisi' })
  .trim()
  .min(1, 'Nama wajib diisi')
  .max(120, 'Nama maksimal 120 karakter');
const email = z
  .string({ error: 'Email wajib diisi' })
  .trim()
  .toLowerCase()
  .min(1, 'Email wajib diisi')
  .max(200, 'Email terlalu panjang')
  .refine((v) => v === '' || z.regexes.email.test(v), 'Email tidak valid');
/** Indonesian mobile number: 08xx, 628xx or +628xx; stored as 08xx. */
const phone = z
  .string({ error: 'Nomor HP wajib diisi' })
  .trim()
  .min(1, 'Nomor HP wajib diisi')
  .refine((v) => v === '' || /^(\+?62|0)8\d{7,12}$/.test(v), 'Nomor HP tidak valid (contoh 08xxxxxxxxx)');
const nik = z
  .preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: 'NIK wajib diisi' }).trim().max(20, 'NIK maksimal 20 digit'),
  )
  .pipe(z.string().regex(/^\d*$/, 'NIK hanya boleh berisi angka'));
/** An upload path from POST /api/upload; empty or missing means none ('-'). */
const imagePath = z
  .string()
  .trim()
  .max(500, 'Path gambar terlalu panjang')
  .optional()
  .transform((v) => (v ? v : '-'));
const department = z.string().trim().max(120, 'Departemen maksimal 120 karakter');

/** POST /api/tire-man/register: the six-step wizard (plus optional photo and signature). */
export const ZRegisterBody = z
  .object({
    name,
    email,
    phone,
    password: ZNewPassword,
    nik: nik.refine((v) => v.length > 0, 'NIK wajib diisi'),
    role: ZRole,
    photo: imagePath,
    signature: imagePath,
    department: department.optional().transform((v) => v ?? ''),
    customer_id: customerId,
  })
  .superRefine(requireCustomer);
export type TRegisterBody = z.input<typeof ZRegisterBody>;
export type TRegisterInput = z.output<typeof ZRegisterBody>;

/**
 * PUT /api/tire-man/{id}: the edit modal. Name, email, phone and role are always sent; the others
 * keep their stored value when missing. The password is set only when a non-empty one is typed.
 */
export const ZTireManUpdateBody = z
  .object({
    name,
    email,
    phone,
    role: ZRole,
    nik: nik.optional(),
    photo: z.string().trim().max(500, 'Path gambar terlalu panjang').optional(),
    signature: z.string().trim().max(500, 'Path gambar terlalu panjang').optional(),
    department: department.optional(),
    password: z
      .string()
      .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(ZNewPassword.optional()),
    /**
     * Proyek: the projects a tire man works on (his units on the phone). Replaces the stored set;
     * missing keeps it. Form-urlencoded clients send "1,2" or a JSON list.
     */
    project_ids: z
      .preprocess(
        (v) => {
          if (typeof v === 'number') return [v];
          if (typeof v !== 'string') return v;
          const s = v.trim();
          if (s.startsWith('[')) {
            try {
              return JSON.parse(s);
            } catch {
              return v;
            }
          }
          return s === '' ? [] : s.split(',').map((x) => x.trim());
        },
        z
          .array(zId('Proyek tidak valid'), { error: 'Proyek tidak valid' })
          .max(500, 'Maksimal 500 proyek')
          .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
      )
      .optional(),
    /** The customer of a 'customer' account (required for that role). */
    customer_id: customerId,
  })
  .superRefine(requireCustomer);
export type TTireManUpdateBody = z.input<typeof ZTireManUpdateBody>;
export type TTireManUpdateInput = z.output<typeof ZTireManUpdateBody>;

/** PUT /api/tire-man/me/signature: any signed-in user stores their own signature (an upload path). */
export const ZOwnSignatureBody = z.object({
  signature: z
    .string({ error: 'Tanda tangan wajib diisi' })
    .trim()
    .min(1, 'Tanda tangan wajib diisi')
    .max(500, 'Path gambar terlalu panjang'),
});

/** GET /api/tire-man: sort one of id, name, email, phone, role, createdAt (prefix '-' for descending). */
export const ZTireManListQuery = ZListQuery.extend({
  pageSize: ZListQuery.shape.pageSize.default(PAGE_SIZES.tireMan.default),
  role: z.enum(ROLES, { error: 'Role harus admin, staff, tire-man, workshop atau pelanggan' }).optional(),
});
export type TTireManListQuery = z.input<typeof ZTireManListQuery>;
export const TIRE_MAN_SORTS = ['id', 'name', 'email', 'phone', 'role', 'createdAt'] as const;

/** A row of the Tire Man list and the reply of GET /api/tire-man/{id}. Never carries a password. */
export const ZTireManRow = z.object({
  id: z.number(),
  name: z.string(),
  nik: z.string(),
  phone: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  photo: z.string(),
  signature: z.string(),
  department: z.string(),
  /** Has a live session now (Online column: Login / Tidak login). */
  isLogin: z.boolean(),
  createdAt: zTimestamp,
  /** GET /api/tire-man/{id} only: the projects the tire man is linked to (Proyek). */
  project_ids: z.array(z.number()).optional(),
  /** GET /api/tire-man/{id} only: a customer account's customer (null for other roles). */
  customer_id: z.number().nullable().optional(),
});
export type TTireManRow = z.input<typeof ZTireManRow>;

/** Reply of POST /api/tire-man/register (201): `data` has exactly these five fields. */
export const ZRegisterReply = z.object({
  message: z.string(),
  data: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    role: z.enum(ROLES),
  }),
});
export type TRegisterReply = z.input<typeof ZRegisterReply>;

/** GET /api/tire-man-field: tire men for selects, by name. */
export const ZTireManOption = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  photo: z.string(),
});
export type TTireManOption = z.input<typeof ZTireManOption>;

/** Reply of PUT /api/tire-man/{id}: the saved row as GET /api/tire-man/{id} answers it. */
export const ZTireManUpdateReply = z.object({ message: z.string(), data: ZTireManRow });

/** Reply of PUT /api/tire-man/me/signature. */
export const ZOwnSignatureReply = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), signature: z.string() }),
});

/** Reply of POST /api/tire-man/{id}/force-logout: `revoked` = sessions ended. */
/** POST /api/tire-man/{id}/invite: the set-password link was sent to the account's phone. */
export const ZInviteReply = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), phone: z.string(), expires_at: z.string() }),
});
export type TInviteReply = z.infer<typeof ZInviteReply>;

export const ZForceLogoutReply = z.object({
  message: z.string(),
  data: z.object({ id: z.number(), revoked: z.number() }),
});
