import { NO_DRIVER } from '@itms/contracts/enums';
import {
  MISMATCH_ACTION_LABELS,
  type TMismatchPosition,
  type TMismatchTire,
} from '@itms/contracts/mismatches';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import { lateLabel } from '@itms/contracts/rules/performed-at';
import type { DbOrTx } from '../../db/client';
import {
  dayIn,
  fieldGrid,
  finish,
  heading,
  loadSignatures,
  longDateTime,
  newA4,
  type PdfFile,
  paragraph,
  photoRow,
  readImage,
  signatureGrid,
  statusText,
  table,
  titleBlock,
} from '../../lib/pdf';
import type { Storage } from '../../lib/storage';
import { getDetail } from './mismatches.queries';

const EMPTY = 'Kosong';

const tireCell = (t: TMismatchTire | null) =>
  t?.serialNumber ? [t.serialNumber, t.irBrand].filter(Boolean).join('\n') : EMPTY;

/** Sesudah as Rekam BKB shows it, once the validator decided; '-' before. */
const afterCell = (p: TMismatchPosition) =>
  p.action === null
    ? '-'
    : p.action === 'delete'
      ? EMPTY
      : p.action === 'normal'
        ? tireCell(p.originTire)
        : tireCell(p.newTire);

const positionCells = (p: TMismatchPosition) => [
  p.position,
  tireCell(p.originTire),
  p.found_serial || EMPTY,
  afterCell(p),
  p.action ? MISMATCH_ACTION_LABELS[p.action] : 'Belum divalidasi',
];

/**
 * Cetak of a BKB (Berita Ketidaksesuaian Ban): an A4 PDF in Indonesian with its data, note,
 * photos, each position's expected and found serial, its validation and the validator's signature.
 * Throws NOT_FOUND for an unknown BKB.
 */
export async function renderMismatchPdf(
  deps: { db: DbOrTx; storage: Storage; timezone: string },
  id: number,
  now = new Date(),
): Promise<PdfFile> {
  const d = await getDetail(deps.db, id);
  const [photo, driverPhoto, signatures] = await Promise.all([
    readImage(deps.storage, d.imageUrl),
    readImage(deps.storage, d.driverPhoto),
    loadSignatures(deps.storage, deps.timezone, [
      { role: 'Validator (ITMS)', name: d.itms_bkb?.name ?? null, path: d.signatureUrl, at: d.validatedAt },
    ]),
  ]);
  const plate = d.Unit.plate_number;
  const performedAt = new Date(d.performed_at);
  const approved = d.status === 'approved';

  const doc = newA4(`BKB ${plate} ${dayIn(performedAt, deps.timezone)}`);
  titleBlock(doc, 'BERITA KETIDAKSESUAIAN BAN (BKB)', [
    `No. BKB: ${d.id}`,
    `Status: ${statusText(approved)}`,
  ]);

  heading(doc, 'Data BKB');
  fieldGrid(doc, [
    ['No. Polisi', plate],
    ['Waktu', longDateTime(performedAt, deps.timezone)],
    ['Tipe Unit', d.Unit.unit_type],
    ['Diterima', longDateTime(new Date(d.createdAt), deps.timezone)],
    ['Lokasi', d.location ?? '-'],
    ['Project', d.project ?? '-'],
    ['Kategori', d.category],
    ['Tire Man', d.tireman_bkb?.name ?? '-'],
    ['Driver', d.driver ?? NO_DRIVER],
    ['No. HP Driver', (d.driver !== null && d.driverPhone) || '-'],
    ['Divalidasi oleh', d.itms_bkb?.name ?? '-'],
    ['Divalidasi', d.validatedAt ? longDateTime(new Date(d.validatedAt), deps.timezone) : '-'],
    ...(d.late_days ? [['Keterlambatan', lateLabel(d.late_days)] as const] : []),
  ]);

  heading(doc, 'Keterangan', 14);
  paragraph(doc, d.information.trim() || 'Tidak ada keterangan tambahan');

  heading(doc, 'Posisi Ban', 60);
  table(
    doc,
    [
      { header: 'Posisi', width: 40, align: 'center' },
      { header: 'Tercatat (sebelum)', width: 125 },
      { header: 'Ditemukan', width: 115 },
      { header: 'Sesudah validasi', width: 125 },
      { header: 'Aksi', width: 110.28 },
    ],
    d.positions.length ? d.positions.map(positionCells) : [['-', 'Tidak ada data posisi', '', '', '']],
  );

  heading(doc, 'Foto', 170);
  photoRow(doc, [
    { caption: 'Foto BKB', image: photo },
    { caption: 'Foto driver', image: driverPhoto },
  ]);

  signatureGrid(doc, 'Tanda Tangan', signatures);

  const bytes = await finish(doc, `Dicetak ${longDateTime(now, deps.timezone)}`);
  return { filename: pdfFilename('bkb', plate, dayIn(performedAt, deps.timezone)), bytes };
}
