// The Log Audit in words: Indonesian labels of the logged fields and entities, and one sentence
// per changed field ('Dewi mengubah RTD 1 ban GT2615K3470 dari 12 menjadi 10').

/** Indonesian label of a logged field (a key of before/after); unknown keys read with spaces. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  groove_1: 'RTD 1',
  groove_2: 'RTD 2',
  groove_3: 'RTD 3',
  groove_4: 'RTD 4',
  groove_lowest: 'RTD terendah',
  pressure: 'tekanan',
  odometer: 'odometer',
  status: 'status',
  condition: 'kondisi',
  reason: 'alasan',
  position: 'posisi',
  serial_number: 'nomor seri',
  plate_number: 'nomor polisi',
  unit_type: 'tipe unit',
  unit_id: 'unit',
  tire_id: 'ban',
  tonnage: 'tonase',
  handled_date: 'tanggal ditangani',
  ir_brand: 'brand IR',
  brand: 'brand',
  pattern: 'pattern',
  size: 'size',
  casing_status: 'status casing',
  tube_status: 'status ban dalam',
  flap_status: 'status flap',
  velg_status: 'status velg',
  purchase_price: 'harga beli',
  retread_cost: 'biaya vulkanisir',
  reference_psi: 'tekanan acuan',
  name: 'nama',
  email: 'email',
  phone: 'nomor HP',
  role: 'peran',
  department: 'departemen',
  photo: 'foto',
  signature: 'tanda tangan',
  pic: 'PIC',
  pic_name: 'nama PIC',
  pic_sign: 'tanda tangan PIC',
  itms_sign: 'tanda tangan ITMS',
  edp_sign: 'tanda tangan EDP',
  workshop_sign: 'tanda tangan workshop',
  manpower: 'jumlah tire man',
  target_check: 'Target Check',
  region_id: 'region',
  location_id: 'lokasi',
  project_id: 'project',
  customer_id: 'customer',
  returned_at: 'waktu dikembalikan',
  return_reason: 'alasan dikembalikan',
  title: 'judul',
  news: 'isi berita',
  author: 'penulis',
  image: 'gambar',
  active: 'aktif',
};

/** What an entity of the log is called in a sentence ('ban', 'unit', ...). */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  tire: 'ban',
  unit: 'unit',
  user: 'pengguna',
  region: 'region',
  location: 'lokasi',
  project: 'project',
  customer: 'customer',
  'tire-check': 'pengecekan',
  'tire-replacement': 'pergantian',
  'tire-replace-record': 'catatan pergantian',
  'tire-size-pressure': 'size',
  tire_request: 'permintaan ban',
  active_unit_tire: 'pemasangan ban',
  mismatch: 'BKB',
  mismatch_category: 'kategori BKB',
  defect_code: 'kode kerusakan',
  qc_check: 'QC',
  news: 'berita',
  banner: 'banner',
  sop: 'SOP',
  session: 'sesi',
};

export const fieldLabel = (key: string) => AUDIT_FIELD_LABELS[key] ?? key.replace(/[_.-]+/g, ' ');
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity.replace(/[_-]+/g, ' ');

/** A logged value in words: numbers the Indonesian way, empty as '(kosong)'. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '' || v === '-') return '(kosong)';
  if (typeof v === 'number') return v.toLocaleString('id-ID', { maximumFractionDigits: 3 });
  if (typeof v === 'boolean') return v ? 'ya' : 'tidak';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** One changed field: its dotted key and the values before and after. */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields a before/after pair changed (nested objects flattened to dotted keys). Only keys on
 * both sides count: a snapshot often holds fewer or more fields than the request that followed
 * (a missing key is not a value that became empty).
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const out: AuditChange[] = [];
  const walk = (b: unknown, a: unknown, at: string) => {
    if (isObj(b) && isObj(a)) {
      for (const k of Object.keys(b)) if (k in a) walk(b[k], a[k], at ? `${at}.${k}` : k);
      return;
    }
    if (JSON.stringify(b) !== JSON.stringify(a)) out.push({ field: at, before: b, after: a });
  };
  walk(before, after, '');
  return out;
}

/** Label of a dotted key: its last part, labelled ('after.groove_1' reads 'RTD 1'). */
export const changeLabel = (field: string) => fieldLabel(field.split('.').pop() ?? field);

export interface AuditLine {
  action: string;
  entity: string;
  entityId: string | null;
  /** The entity's human key (serial, plate, name), joined by the server; null when it is gone. */
  entityName: string | null;
  before: unknown;
  after: unknown;
}

/** 'ban GT2615K3470' (or 'ban #12' when the row no longer exists). */
export function entityText(l: Pick<AuditLine, 'entity' | 'entityId' | 'entityName'>): string {
  const name = l.entityName?.trim() || (l.entityId ? `#${l.entityId}` : '');
  return name ? `${entityLabel(l.entity)} ${name}` : entityLabel(l.entity);
}

const VERBS: [RegExp, string][] = [
  [/(^|[.-])(create|register|import)$/, 'membuat'],
  [/(^|[.-])delete$/, 'menghapus'],
  [/(^|[.-])validate$/, 'memvalidasi'],
  [/(^|[.-])approve$/, 'menyetujui'],
  [/(^|[.-])return$/, 'mengembalikan'],
  [/(^|[.-])resubmit$/, 'mengirim ulang'],
  [/(^|[.-])(sign|pic-sign|workshop-sign)$/, 'menandatangani'],
  [/(^|[.-])mount$/, 'memasang'],
  [/(^|[.-])unmount$/, 'melepas'],
  [/^login$/, 'masuk'],
  [/^logout$/, 'keluar'],
];

/**
 * The line in words, one sentence per changed field: 'Dewi mengubah RTD 1 ban GT2615K3470 dari 12
 * menjadi 10'. A creation or deletion, or an action without values, is one sentence for the whole.
 */
export function auditSentences(who: string, l: AuditLine): string[] {
  const what = entityText(l);
  const verb = VERBS.find(([re]) => re.test(l.action))?.[1];
  const changes = l.before != null && l.after != null ? auditChanges(l.before, l.after) : [];
  if (changes.length > 0 && (!verb || verb === 'mengembalikan' || verb === 'menandatangani')) {
    return changes.map(
      (c) =>
        `${who} mengubah ${changeLabel(c.field)} ${what} dari ${valueText(c.before)} menjadi ${valueText(c.after)}`,
    );
  }
  if (verb) return [`${who} ${verb} ${what}`];
  if (changes.length === 0 && l.before != null && l.after != null)
    return [`${who} menyimpan ${what} tanpa perubahan`];
  return [`${who} ${l.action.replace(/[._-]+/g, ' ')} ${what}`];
}
