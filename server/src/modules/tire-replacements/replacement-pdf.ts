import { POSITIONS } from '@itms/contracts/enums';
import { formatKm } from '@itms/contracts/rules/number-format';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import { lateLabel } from '@itms/contracts/rules/performed-at';
import type { TReplacementDetail, TReplaceRecord } from '@itms/contracts/tire-replacements';
import type { TTire } from '@itms/contracts/tires';
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
import { replacementDetail } from './tire-replacements.queries';

/** The parts of a tire (a record or the tire before it) the printed table shows. */
type Tire = Pick<
  TTire,
  'serial_number' | 'ori_brand' | 'ir_brand' | 'groove_1' | 'groove_2' | 'groove_3' | 'groove_4' | 'pressure'
>;

/** What happened at one wheel position: the tire taken off, the tire on it afterwards, the records. */
interface PositionRow {
  position: string;
  action: string;
  removed: Tire | null;
  /** The tire put on (Ganti/Pasang) or the one checked and left on (Cek). */
  mounted: TReplaceRecord | null;
  records: TReplaceRecord[];
}

/** The records grouped by position in wheel order (1-12, ST, ST2; anything else after them). */
function positionRows(records: readonly TReplaceRecord[]): PositionRow[] {
  const byPosition = new Map<string, TReplaceRecord[]>();
  for (const r of records) byPosition.set(r.position, [...(byPosition.get(r.position) ?? []), r]);
  const rank = (p: string) => {
    const i = (POSITIONS as readonly string[]).indexOf(p);
    return i < 0 ? POSITIONS.length : i;
  };
  return [...byPosition.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([position, recs]) => {
      const replace = recs.find((r) => r.status === 'replace') ?? null;
      const remove = recs.find((r) => r.status === 'remove') ?? null;
      const check = recs.find((r) => r.status === 'check') ?? null;
      // the tire taken off: the one the tire man removed, else the one a new tire replaced
      const removed: Tire | null = remove ?? (replace ? (replace.Before ?? null) : null);
      const action = replace ? (removed ? 'Ganti' : 'Pasang') : remove ? 'Lepas' : 'Cek';
      return { position, action, removed, mounted: replace ?? check, records: recs };
    });
}

/** RTD 1 to 4 as `12/11,5/12/12`, null when none was measured. */
const grooves = (t: Tire) => {
  const g = [t.groove_1, t.groove_2, t.groove_3, t.groove_4];
  return g.every((v) => v == null) ? null : g.map(num).join('/');
};

const tireCell = (t: Tire | null, withReading: boolean) => {
  if (!t) return '-';
  const lines = [t.serial_number || '-', brandText(t.ori_brand, t.ir_brand)];
  const rtd = withReading ? grooves(t) : null;
  if (rtd) lines.push(`RTD ${rtd}`);
  if (withReading && t.pressure != null) lines.push(`PSI ${num(t.pressure)}`);
  return lines.join('\n');
};

const equipment = (r: TReplaceRecord | null) =>
  r
    ? [
        `Tube: ${recorded(r.tube_status) ?? '-'}`,
        `Flap: ${recorded(r.flap_status) ?? '-'}`,
        `Velg: ${recorded(r.velg_status) ?? '-'}`,
      ].join('\n')
    : '-';

const positionCells = (p: PositionRow) => [
  p.position,
  p.action,
  tireCell(p.removed, true),
  tireCell(p.mounted, false),
  (p.mounted && grooves(p.mounted)) ?? '-',
  num(p.mounted?.pressure),
  equipment(p.mounted),
  p.records.flatMap((r) => recorded(r.information) ?? []).join('\n') || '-',
];

const RECORD_WORD = { replace: 'dipasang', remove: 'dilepas', check: 'dicek' } as const;

/**
 * Cetak of a replacement (Pergantian): an A4 PDF in Indonesian with its data, each position's tire
 * taken off and put on, the photos (plate, odometer, serial numbers) and every signature. Photos and
 * signatures come from the storage; one that is not there prints as missing. Throws NOT_FOUND for
 * an unknown replacement.
 */
export async function renderReplacementPdf(
  deps: { db: DbOrTx; storage: Storage; timezone: string },
  id: number,
  now = new Date(),
): Promise<PdfFile> {
  const d: TReplacementDetail = await replacementDetail(deps.db, deps.timezone, id);
  const image = (path: string | null | undefined) => readImage(deps.storage, path);
  // serial photos of the tires that changed, and of checked ones when the tire man took one
  const serialRecords = d.Tire_Replace_Records.filter(
    (r) => r.status !== 'check' || recorded(r.serial_number_img) !== null,
  );
  const [platePhoto, odometerPhoto, serialPhotos, signatures] = await Promise.all([
    image(d.plate_number_url),
    image(d.odometer_url),
    Promise.all(serialRecords.map((r) => image(r.serial_number_img))),
    // the field's signatures are given when the work is done (again on a resubmit)
    loadSignatures(deps.storage, deps.timezone, [
      { role: 'Tire Man', name: d.Tire_Man.name, path: d.tireman_sign, at: d.performed_at },
      { role: 'PIC', name: null, path: d.pic_sign, at: d.performed_at },
      { role: 'ITMS', name: null, path: d.itms_sign, at: d.performed_at },
      { role: 'EDP', name: d.Validator?.name ?? null, path: d.edp_sign, at: d.validated_at },
      workshopSignature(d),
    ]),
  ]);
  const plate = d.Unit.plate_number;
  const approved = d.status === 'approved';

  const doc = newA4(`Pergantian Ban ${plate} ${d.date}`);
  titleBlock(doc, 'LAPORAN PERGANTIAN BAN', [
    `No. Pergantian: ${d.id}`,
    `Status: ${statusText(approved, Boolean(d.returned_at))}`,
  ]);

  heading(doc, 'Data Pergantian');
  fieldGrid(doc, [
    ['No. Polisi', plate],
    ['Tanggal', longDate(d.date)],
    ['Tipe Unit', d.Unit.unit_type],
    ['Jam', `${d.time} ${zoneLabel(deps.timezone)}`],
    ['Lokasi', `${d.Location.name} (${d.Location.Region.name})`],
    ['Odometer', formatKm(d.odometer)],
    ['Project', d.Project?.name ?? d.Unit.Project.name],
    ['SPK', recorded(d.spk) ?? '-'],
    ['Tire Man', d.Tire_Man.name],
    ...picAbsentRow(d.pic_absent_reason),
    ['Diterima', longDateTime(new Date(d.createdAt), deps.timezone)],
    ['Divalidasi oleh', d.Validator?.name ?? '-'],
    ['Divalidasi', d.validated_at ? longDateTime(new Date(d.validated_at), deps.timezone) : '-'],
    ...(d.late_days ? [['Keterlambatan', lateLabel(d.late_days)] as const] : []),
    ...(!approved && d.return_reason ? [['Alasan dikembalikan', d.return_reason] as const] : []),
  ]);

  heading(doc, 'Posisi Ban', 60);
  const rows = positionRows(d.Tire_Replace_Records);
  table(
    doc,
    [
      { header: 'Posisi', width: 32, align: 'center' },
      { header: 'Tindakan', width: 46 },
      { header: 'Ban dilepas', width: 98 },
      { header: 'Ban terpasang', width: 92 },
      { header: 'RTD 1/2/3/4', width: 64, align: 'center' },
      { header: 'PSI', width: 28, align: 'right' },
      { header: 'Tube/Flap/Velg', width: 70 },
      { header: 'Alasan / Catatan', width: 85.28 },
    ],
    rows.length ? rows.map(positionCells) : [['-', '', 'Tidak ada data ban', '', '', '', '', '']],
  );

  heading(doc, 'Foto', 170);
  photoRow(doc, [
    { caption: 'Plat nomor', image: platePhoto },
    { caption: 'Odometer', image: odometerPhoto },
  ]);
  if (serialRecords.length) {
    heading(doc, 'Foto Nomor Seri', 110);
    photoRow(
      doc,
      serialRecords.map((r, i) => ({
        caption: `Posisi ${r.position}, ${RECORD_WORD[r.status]}\n${r.serial_number || '-'}`,
        image: serialPhotos[i] ?? null,
      })),
      4,
    );
  }

  signatureGrid(doc, 'Tanda Tangan', signatures);

  const bytes = await finish(doc, `Dicetak ${longDateTime(now, deps.timezone)}`);
  return { filename: pdfFilename('pergantian', plate, d.date), bytes };
}
