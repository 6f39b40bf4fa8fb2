// Enumerations of spec section 3, shared by server (validation, DB checks) and web (selects, labels).

/** workshop: signs in to the office only to give the workshop signature (issue 40). */
export const ROLES = ['admin', 'staff', 'tire-man', 'workshop', 'customer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  staff: 'Staff',
  'tire-man': 'Tire Man',
  workshop: 'Workshop',
  customer: 'Pelanggan',
};

export const UNIT_TYPES = [
  'BIG UP',
  'BUNTUT CAR CARRIER',
  'BUNTUT TRAILER',
  'CAR CARRIER',
  'CDD',
  'CDE',
  'DUMP TRUCK',
  'ENGKEL',
  'GANDENGAN DUMP TRUCK',
  'HEAD TRAILER',
  'HOULLER',
  'TRAILLER',
  'TRONTON',
] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

export const CASING_STATUSES = [
  'BAN SCRAP GANJAL',
  'BAN SPARE GANJAL',
  'NEW ORIGINAL',
  'NEW REPAIR JASA',
  'NEW VULKANISIR JASA IR',
  'NEW VULKANISIR STOK IR',
  'ORIGINAL OEM',
  'SPARE ORIGINAL',
  'SPARE VULKANISIR',
  'NEW VULK 3S',
  'NEW VULK CMS',
  'NEW VULK TDS',
  'NEW VULK MDN',
] as const;
export const TUBE_STATUSES = ['TANPA TUBE', 'NEW', 'NEW (IR)', 'OEM', 'EKS', 'GT'] as const;
export const FLAP_STATUSES = ['TANPA FLAP', 'NEW', 'NEW (IR)', 'OEM', 'EKS'] as const;
export const VELG_STATUSES = ['NEW', 'EKS'] as const;
export const TIRE_ORIGINS = ['ORI', 'RET'] as const;
export const TIRE_ORIGIN_LABELS = { ORI: 'Original', RET: 'Retread' } as const;

/** Tire lifecycle status. The spec names INSTALLED and UNINSTALLED, and filters for scrap and spare. */
export const TIRE_STATUSES = ['INSTALLED', 'UNINSTALLED', 'SCRAP', 'SPARE'] as const;
export type TireStatus = (typeof TIRE_STATUSES)[number];

export const DOC_STATUSES = ['pending', 'approved'] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

export const REPLACE_RECORD_STATUSES = ['replace', 'remove', 'check'] as const;
export type ReplaceRecordStatus = (typeof REPLACE_RECORD_STATUSES)[number];

export const MISMATCH_ACTIONS = ['update', 'normal', 'delete'] as const;
export type MismatchAction = (typeof MISMATCH_ACTIONS)[number];

/** Wheel positions: 1-12 plus the two spares. */
export const POSITIONS = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  'ST',
  'ST2',
] as const;
export type Position = (typeof POSITIONS)[number];

/** The zones of a tire's condition 'a,b,c,d,e'; their codes are in contracts/src/defect-codes.ts. */
export const CONDITION_PARTS = ['crown', 'shoulder', 'sidewalls', 'beads', 'interior'] as const;

export const QC_ITEM_LABELS = [
  'Air pressure standard',
  'Tread depth over 3 mm',
  'Valve cap',
  'Tread cut through',
  'Tread puncture through',
  'Tread groove crack through',
  'Tread bulge',
  'Sidewall cut through',
  'Sidewall puncture through',
  'Sidewall crack through',
  'Sidewall bulge',
  'Bead crack through',
  'Bead peeling wound',
  'Bead cut wound',
] as const;
export const QC_POSITIONS = [
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  'ST1',
  'ST2',
] as const;

/** A signature that has not been given yet is stored as a dash, as the field apps send it. */
export const UNSIGNED = '-';
/** Project value shown as TIDAK PASTI on BKB screens (no driver known). */
export const NO_DRIVER = 'TIDAK PASTI';
