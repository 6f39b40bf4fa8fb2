import { PSI_MAX, PSI_MIN, RTD_MAX, RTD_MIN } from '@itms/contracts/constants';
import {
  CASING_STATUSES,
  FLAP_STATUSES,
  TIRE_ORIGINS,
  TUBE_STATUSES,
  VELG_STATUSES,
} from '@itms/contracts/enums';
import type { TImportPreviewRow } from '@itms/contracts/master-data';
import { foldLookalikes, latinLettersOnly, nonLatinMessage } from '@itms/contracts/rules/lookalike';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { tires } from '../../db/schema';
import { bulkInsert } from './bulk-insert';
import { RowReader } from './import-values';
import type { ColumnSpec } from './spreadsheet';

export const TIRE_COLUMNS: readonly ColumnSpec[] = [
  { name: 'serial_number', required: true, aliases: ['nomor_seri', 'no_seri', 'serial', 'sn'] },
  { name: 'ir_brand', aliases: ['merk_ir', 'brand_ir'] },
  { name: 'ori_brand', aliases: ['merk', 'brand', 'merk_ori'] },
  { name: 'pattern', aliases: ['pola', 'pola_ban'] },
  { name: 'size', aliases: ['ukuran', 'ukuran_ban'] },
  { name: 'is_original', aliases: ['kondisi', 'ori_ret', 'original'] },
  { name: 'groove_1', aliases: ['rtd_1', 'rtd1'] },
  { name: 'groove_2', aliases: ['rtd_2', 'rtd2'] },
  { name: 'groove_3', aliases: ['rtd_3', 'rtd3'] },
  { name: 'groove_4', aliases: ['rtd_4', 'rtd4'] },
  { name: 'groove_lowest', aliases: ['rtd_lowest', 'rtd_terendah'] },
  { name: 'pressure', aliases: ['psi', 'tekanan', 'tekanan_angin'] },
  { name: 'odometer', aliases: ['km'] },
  { name: 'casing_status', aliases: ['status_casing', 'casing'] },
  { name: 'tube_brand', aliases: ['merk_tube'] },
  { name: 'tube_size', aliases: ['ukuran_tube'] },
  { name: 'tube_status', aliases: ['status_tube'] },
  { name: 'flap_brand', aliases: ['merk_flap'] },
  { name: 'flap_size', aliases: ['ukuran_flap'] },
  { name: 'flap_status', aliases: ['status_flap'] },
  { name: 'velg_brand', aliases: ['merk_velg'] },
  { name: 'velg_size', aliases: ['ukuran_velg'] },
  { name: 'velg_holes', aliases: ['lubang_velg', 'jumlah_lubang_velg'] },
  { name: 'velg_status', aliases: ['status_velg'] },
  { name: 'information', aliases: ['keterangan', 'info'] },
  { name: 'status', aliases: ['status_ban'] },
];

/** Imported tires go to stock; a mounted tire is recorded through a replacement, not an import. */
export const IMPORT_TIRE_STATUSES = ['UNINSTALLED', 'SPARE', 'SCRAP'] as const;

export type TireRecord = typeof tires.$inferInsert & { serial_number: string; status: string };

export async function analyseTires(
  db: DbOrTx,
  rows: { row: number; values: Record<string, string> }[],
): Promise<{ preview: TImportPreviewRow[]; records: TireRecord[] }> {
  const firstRowOfSerial = new Map<string, number>();
  const parsed = rows.map(({ row, values }) => {
    const r = new RowReader(values);
    // the same folding and script rule as the tire form: a look-alike serial is the same serial
    const serial = foldLookalikes(r.text('serial_number', 'Nomor seri', { required: true, max: 60 }));
    if (!latinLettersOnly(serial)) r.problems.push(nonLatinMessage('Nomor seri'));
    const key = serial.toLowerCase();
    if (serial) {
      const first = firstRowOfSerial.get(key);
      if (first !== undefined)
        r.problems.push(`Nomor seri ${serial} ganda di file (sama dengan baris ${first})`);
      else firstRowOfSerial.set(key, row);
    }
    const rtd = (c: string, label: string) => r.number(c, label, { min: RTD_MIN, max: RTD_MAX });
    const grooves = [
      rtd('groove_1', 'RTD 1'),
      rtd('groove_2', 'RTD 2'),
      rtd('groove_3', 'RTD 3'),
      rtd('groove_4', 'RTD 4'),
    ];
    const measured = grooves.filter((g): g is number => g !== null);
    const lowest = rtd('groove_lowest', 'RTD terendah') ?? (measured.length ? Math.min(...measured) : null);
    const record: TireRecord = {
      serial_number: serial,
      ir_brand: r.text('ir_brand', 'Merk IR', { upper: true }),
      ori_brand: r.text('ori_brand', 'Merk', { upper: true }),
      pattern: r.text('pattern', 'Pattern'),
      size: r.text('size', 'Ukuran', { upper: true }),
      is_original:
        r.oneOf('is_original', 'Kondisi (ORI/RET)', TIRE_ORIGINS, {
          fallback: 'ORI',
          aliases: { ORIGINAL: 'ORI', RETREAD: 'RET', VULKANISIR: 'RET' },
        }) || 'ORI',
      groove_1: grooves[0],
      groove_2: grooves[1],
      groove_3: grooves[2],
      groove_4: grooves[3],
      groove_lowest: lowest,
      pressure: r.number('pressure', 'PSI', { min: PSI_MIN, max: PSI_MAX }),
      odometer: r.number('odometer', 'Odometer', { min: 0, max: 100_000_000, int: true }) ?? 0,
      casing_status: r.oneOf('casing_status', 'Status casing', CASING_STATUSES),
      tube_brand: r.text('tube_brand', 'Merk tube', { upper: true }),
      tube_size: r.text('tube_size', 'Ukuran tube', { upper: true }),
      tube_status: r.oneOf('tube_status', 'Status tube', TUBE_STATUSES),
      flap_brand: r.text('flap_brand', 'Merk flap', { upper: true }),
      flap_size: r.text('flap_size', 'Ukuran flap', { upper: true }),
      flap_status: r.oneOf('flap_status', 'Status flap', FLAP_STATUSES),
      velg_brand: r.text('velg_brand', 'Merk velg', { upper: true }),
      velg_size: r.text('velg_size', 'Ukuran velg', { upper: true }),
      velg_holes: r.number('velg_holes', 'Jumlah lubang velg', { min: 0, max: 100, int: true }),
      velg_status: r.oneOf('velg_status', 'Status velg', VELG_STATUSES),
      information: r.text('information', 'Keterangan', { max: 2000 }),
      status:
        r.oneOf('status', 'Status ban', IMPORT_TIRE_STATUSES, {
          fallback: 'UNINSTALLED',
          aliases: { STOK: 'UNINSTALLED', STOCK: 'UNINSTALLED' },
        }) || 'UNINSTALLED',
      position: '',
    };
    return { preview: { row, values, problems: r.problems }, key, record };
  });

  // serial numbers already in the database (compared without case)
  const keys = [...firstRowOfSerial.keys()];
  const found = await db
    .select({ key: sql<string>`lower(${tires.serial_number})` })
    .from(tires)
    .where(
      inArray(
        sql`lower(${tires.serial_number})`,
        sql`(select json_array_elements_text(${JSON.stringify(keys)}::json))`,
      ),
    );
  const taken = new Set(found.map((f) => f.key));
  for (const p of parsed) {
    if (p.key && taken.has(p.key))
      p.preview.problems.push(`Nomor seri ${p.record.serial_number} sudah terdaftar`);
  }
  return {
    preview: parsed.map((p) => p.preview),
    records: parsed.flatMap((p) => (p.preview.problems.length ? [] : [p.record])),
  };
}

const TIRE_INSERT_COLUMNS = [
  'serial_number',
  'ir_brand',
  'ori_brand',
  'pattern',
  'size',
  'is_original',
  'groove_1',
  'groove_2',
  'groove_3',
  'groove_4',
  'groove_lowest',
  'pressure',
  'odometer',
  'casing_status',
  'tube_brand',
  'tube_size',
  'tube_status',
  'flap_brand',
  'flap_size',
  'flap_status',
  'velg_brand',
  'velg_size',
  'velg_holes',
  'velg_status',
  'information',
  'status',
  'position',
] as const;

/** Inserts the tires in multi-row batches, each with a 'received' entry in the tire ledger. */
export async function insertTires(tx: Tx, records: TireRecord[], userId: number): Promise<number[]> {
  const rows = await bulkInsert<{ id: number; status: string }>(tx, 'tires', TIRE_INSERT_COLUMNS, records, [
    'id',
    'status',
  ]);
  const events = rows.map((t) => ({
    tire_id: t.id,
    kind: 'received',
    to_status: t.status,
    user_id: userId,
    source_type: 'manual',
    note: 'Import file',
  }));
  await bulkInsert(
    tx,
    'tire_events',
    ['tire_id', 'kind', 'to_status', 'user_id', 'source_type', 'note'],
    events,
    ['id'],
  );
  return rows.map((r) => r.id);
}
