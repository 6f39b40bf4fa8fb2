// Fitting tires from the office (issue #22 item 6): the wheel slots of one unit and the mount,
// unmount and move commands on them; the serial autocomplete GET /api/tire-sn (spec section 7).
import { z } from 'zod';
import { MAX_PAGE_SIZE } from './constants';
import { POSITIONS } from './enums';
import { listResult } from './list';
import { zNumeric, zPage } from './numeric';

export const FITTING_MESSAGES = {
  mounted: 'Ban berhasil dipasang',
  unmounted: 'Ban berhasil dilepas ke stok',
  scrapped: 'Ban berhasil dilepas dan di-scrap',
  moved: 'Posisi ban berhasil dipindah',
  swapped: 'Posisi ban berhasil ditukar',
  positionTaken: (position: string, serial: string) =>
    `Posisi ${position} sudah terisi ban ${serial}. Lepas ban tersebut terlebih dahulu`,
  positionEmpty: (position: string) => `Posisi ${position} kosong, tidak ada ban yang dilepas`,
  notOnDiagram: (position: string, unitType: string) =>
    `Posisi ${position} tidak ada pada diagram unit ${unitType}`,
  mountedElsewhere: (plate: string, position: string) =>
    `Ban sudah terpasang di unit ${plate} posisi ${position}`,
  notInStock: (serial: string, status: string) =>
    `Ban ${serial} berstatus ${status}, hanya ban stok (UNINSTALLED atau SPARE) yang dapat dipasang`,
  samePosition: 'Posisi asal dan tujuan sama',
  reasonRequired: 'Alasan wajib diisi',
  typeDropsTire: (positions: string[]) =>
    `Tipe unit tidak dapat diubah: posisi ${positions.join(', ')} masih terpasang ban dan tidak ada pada diagram tipe baru. Lepas ban tersebut terlebih dahulu`,
} as const;

const ZPosition = z.enum(POSITIONS, { error: 'Posisi tidak dikenal' });

const tireId = zNumeric(
  z
    .number({ error: 'Ban wajib dipilih' })
    .int('Ban wajib dipilih')
    .positive('Ban wajib dipilih')
    .max(2_147_483_647, 'Ban tidak valid'),
);

const reason = z
  .string({ error: FITTING_MESSAGES.reasonRequired })
  .trim()
  .min(1, FITTING_MESSAGES.reasonRequired)
  .max(500, 'Alasan maksimal 500 karakter');

/** POST /api/unit/{id}/mount: a stock tire onto an empty position, at the unit's odometer. */
export const ZUnitMountBody = z.object({ position: ZPosition, tire_id: tireId });
export type TUnitMountBody = z.input<typeof ZUnitMountBody>;
export type TUnitMountInput = z.output<typeof ZUnitMountBody>;

/** POST /api/unit/{id}/unmount: the tire at the position back to stock, or to scrap. */
export const ZUnitUnmountBody = z.object({
  position: ZPosition,
  to: z.enum(['UNINSTALLED', 'SCRAP'], { error: 'Tujuan harus UNINSTALLED (stok) atau SCRAP' }),
  reason,
});
export type TUnitUnmountBody = z.input<typeof ZUnitUnmountBody>;

/** POST /api/unit/{id}/move: the tire at `from` to `to` (empty: moved; taken: the two swap). */
export const ZUnitMoveBody = z
  .object({ from: ZPosition, to: ZPosition })
  .refine((b) => b.from !== b.to, { message: FITTING_MESSAGES.samePosition, path: ['to'] });
export type TUnitMoveBody = z.input<typeof ZUnitMoveBody>;

export const ZUnitWheelTire = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  ir_brand: z.string(),
  size: z.string(),
  pattern: z.string(),
  groove_lowest: z.number().nullable(),
  km_installed: z.number().int(),
  installed_at: z.string(),
});

export const ZUnitWheel = z.object({
  position: ZPosition,
  /** The slot row (active_unit_tires.id); null where the unit has no slot yet. */
  slot_id: z.number().int().nullable(),
  tire: ZUnitWheelTire.nullable(),
});
export type TUnitWheel = z.infer<typeof ZUnitWheel>;

/** GET /api/unit/{id}/wheels: every position of the unit type's diagram with its tire or null. */
export const ZUnitWheels = z.object({
  unit: z.object({
    id: z.number().int(),
    plate_number: z.string(),
    unit_type: z.string(),
    project: z.string(),
    /** Latest odometer reported for the unit (checks, replacements); null when none. */
    odometer: z.number().int().nullable(),
  }),
  wheels: z.array(ZUnitWheel),
});
export type TUnitWheels = z.infer<typeof ZUnitWheels>;

export const ZUnitFittingReply = z.object({ message: z.string(), data: ZUnitWheels });
export type TUnitFittingReply = z.infer<typeof ZUnitFittingReply>;

/** GET /api/tire-sn: serial prefix search, paged; `stock` keeps tires that can be mounted. */
export const ZTireSnQuery = z.object({
  q: z.string().trim().max(100, 'Nomor seri maksimal 100 karakter').default(''),
  stock: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  page: zPage,
  pageSize: zNumeric(
    z
      .number({ error: 'Ukuran halaman tidak valid' })
      .int()
      .min(1, 'Ukuran halaman tidak valid')
      .max(MAX_PAGE_SIZE, `Maksimal ${MAX_PAGE_SIZE} baris per halaman`)
      .default(10),
  ),
});
export type TTireSnQuery = z.input<typeof ZTireSnQuery>;

export const ZTireSnRow = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  ir_brand: z.string(),
  size: z.string(),
  status: z.string(),
});
export type TTireSnRow = z.infer<typeof ZTireSnRow>;
export const ZTireSnReply = listResult(ZTireSnRow);
export type TTireSnReply = z.infer<typeof ZTireSnReply>;
