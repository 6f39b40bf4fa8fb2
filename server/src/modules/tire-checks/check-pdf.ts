import {
  conditionCodes,
  NORMAL_CODE,
  NOT_CHECKED_CODE,
  type TDefectCode,
  ZONES,
  zoneDefectText,
} from '@itms/contracts/defect-codes';
import { CONDITION_PARTS, UNSIGNED } from '@itms/contracts/enums';
import { formatKm } from '@itms/contracts/rules/number-format';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import type { TTireCheckDetail, TTireCheckRecord } from '@itms/contracts/tire-checks';
import type { DbOrTx } from '../../db/client';
import {
  brandText,
  fieldGrid,
  finish,
  heading,
  loadSignatures,
  longDate,
  longDateTime,
  newA4,
  num,
  type PdfFile,
  photoRow,
  picAbsentRow,
  readImage,
  recorded,
  signatureGrid,
  statusText,
  table,
  titleBlock,
  workshopSignature,
  zoneLabel,
} from '../../lib/pdf';
import type { Storage } from '../../lib/storage';
import { defectCatalogue } from '../defect-codes/defect-codes.service';
import { createTireCheckQueries } from './tire-checks.queries';

/** A stored photo reference ('-' or blank: none taken). */
const hasPhoto = (path: string | null | undefined) => Boolean(path) && path !== '-';
const TIRE_PHOTOS_PER_ROW = 4;

type Catalogue = readonly Pick<TDefectCode, 'code' | 'name'>[];

/**
 * The five condition codes in words, each zone that is not normal by its Indonesian name with the
 * code as the catalogue names it ('Tapak: 1 Crown Cut; Bead: tidak dicek'), or 'Normal'.
 */
export function conditionText(condition: string, catalogue?: Catalogue): string {
  const notes = conditionCodes(condition).flatMap((code, i) => {
    if (code === NORMAL_CODE) return [];
    if (code === NOT_CHECKED_CODE) return [`${ZONES[i]!.short}: tidak dicek`];
    return [zoneDefectText(CONDITION_PARTS[i]!, code, catalogue)];
  });
  return notes.length ? notes.join('; ') : 'Normal';
}

const checkStatus = (d: TTireCheckDetail) =>
  statusText(d.status === 'approved' || d.edp_sign !== UNSIGNED, Boolean(d.returned_at));

const tireRow = (catalogue: Catalogue) => (r: TTireCheckRecord) => [
  r.position,
  r.serial_number || '-',
  brandText(r.ori_brand, r.ir_brand),
  num(r.groove_1),
  num(r.groove_2),
  num(r.groove_3),
  num(r.groove_4),
  num(r.pressure),
  // the tire man's note on the tire goes with what he saw
  r.information
    ? `${conditionText(r.condition, catalogue)}\nCatatan: ${r.information}`
    : conditionText(r.condition, catalogue),
];

/**
 * Cetak of a check: an A4 PDF in Indonesian with the check's data, its tires (defects by zone,
 * named by the catalogue), the photos of plate, odometer and each tire's serial, and every signature. Photos and signatures come from the storage; one that is not
 * there prints as missing. Throws NOT_FOUND for an unknown check.
 */
export async function renderCheckPdf(
  deps: { db: DbOrTx; storage: Storage; timezone: string },
  checkId: number,
  now = new Date(),
): Promise<PdfFile> {
  const d = await createTireCheckQueries(deps.db, deps.timezone).detail(checkId);
  const image = (path: string | null | undefined) => readImage(deps.storage, path);
  const [catalogue, platePhoto, odometerPhoto, tirePhotos, signatures] = await Promise.all([
    // the condition codes are printed with the admin's names
    defectCatalogue(deps.db),
    image(d.plate_number_url),
    image(d.odometer_url),
    // each tire's serial photo, where the tire man took one
    Promise.all(
      d.records
        .filter((r) => hasPhoto(r.serial_number_url))
        .map(async (r) => ({
          caption: `Ban posisi ${r.position}: ${r.serial_number || '-'}`,
          image: await image(r.serial_number_url),
        })),
    ),
    // the field's signatures are given when the work is done (again on a resubmit)
    loadSignatures(deps.storage, deps.timezone, [
      { role: 'Tire Man', name: d.tireman_tire_check.name, path: d.tireman_sign, at: d.performed_at },
      { role: 'Driver', name: d.Driver?.name ?? null, path: d.driver_sign, at: d.performed_at },
      { role: 'PIC', name: recorded(d.pic_name), path: d.pic_sign, at: d.performed_at },
      { role: 'ITMS', name: null, path: d.itms_sign, at: d.performed_at },
      { role: 'EDP', name: d.validator?.name ?? null, path: d.edp_sign, at: d.validated_at },
      workshopSignature(d),
    ]),
  ]);
  const plate = d.Unit.plate_number || d.plate_number;

  const doc = newA4(`Pengecekan Ban ${plate} ${d.date}`);
  titleBlock(doc, 'LAPORAN PENGECEKAN BAN', [`No. Pengecekan: ${d.id}`, `Status: ${checkStatus(d)}`]);

  heading(doc, 'Data Pengecekan');
  fieldGrid(doc, [
    ['No. Polisi', plate],
    ['Tanggal', longDate(d.date)],
    ['Tipe Unit', d.Unit.unit_type],
    ['Jam', `${d.time} ${zoneLabel(deps.timezone)}`],
    ['Lokasi', `${d.Location.name} (${d.Location.Region.name})`],
    ['Odometer', formatKm(d.odometer)],
    ['Project', d.Project?.name ?? d.Unit.Project.name],
    ['Tire Man', d.tireman_tire_check.name],
    ['Driver', d.Driver?.name ?? '-'],
    ['Nama PIC', recorded(d.pic_name) ?? '-'],
    ...picAbsentRow(d.pic_absent_reason),
    ['Diterima', longDateTime(new Date(d.createdAt), deps.timezone)],
    ['Divalidasi oleh', d.validator?.name ?? '-'],
  ]);

  heading(doc, 'Data Ban', 60);
  table(
    doc,
    [
      { header: 'Posisi', width: 38, align: 'center' },
      { header: 'No. Seri', width: 86 },
      { header: 'Merek', width: 110 },
      { header: 'RTD 1', width: 36, align: 'right' },
      { header: 'RTD 2', width: 36, align: 'right' },
      { header: 'RTD 3', width: 36, align: 'right' },
      { header: 'RTD 4', width: 36, align: 'right' },
      { header: 'PSI', width: 36, align: 'right' },
      { header: 'Kondisi', width: 101.28 },
    ],
    d.records.length
      ? d.records.map(tireRow(catalogue))
      : [['-', 'Tidak ada data ban', '', '', '', '', '', '', '']],
  );

  heading(doc, 'Foto', 170);
  photoRow(doc, [
    { caption: 'Plat nomor', image: platePhoto },
    { caption: 'Odometer', image: odometerPhoto },
  ]);
  if (tirePhotos.length) {
    heading(doc, 'Foto Ban', 150);
    photoRow(doc, tirePhotos, TIRE_PHOTOS_PER_ROW);
  }

  signatureGrid(doc, 'Tanda Tangan', signatures);

  const bytes = await finish(doc, `Dicetak ${longDateTime(now, deps.timezone)}`);
  return { filename: pdfFilename('pengecekan', plate, d.date), bytes };
}
