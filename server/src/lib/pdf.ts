import { PRODUCT_NAME } from '@itms/contracts/constants';
// Printed documents (Cetak): A4 PDFs drawn on the server with pdfkit. The pieces here are shared by
// every printed record (check, replacement, BKB): the page, a label/value block, a table that
// carries its header over page breaks, photo boxes and the signature grid. Helvetica (one of the
// PDF standard fonts, WinAnsi) covers Indonesian text, so no font file is embedded.
import { UNSIGNED } from '@itms/contracts/enums';
import { picAbsentNote } from '@itms/contracts/pic-absent';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { pdfSafeImage } from './images';
import { isSafeKey, type Storage } from './storage';

export type Pdf = PDFKit.PDFDocument;

/** A printed record: the bytes and the name it is saved under (contracts' pdfFilename). */
export interface PdfFile {
  filename: string;
  bytes: Buffer;
}

/** Answers a printed record as a download. */
export function sendPdf(reply: FastifyReply, pdf: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .send(pdf.bytes);
}

export const NO_PHOTO = 'Foto tidak tersedia';
export const UNREADABLE_IMAGE = 'Gambar tidak dapat dibaca';

/** A stored image for a box: bytes pdfkit can embed, null when none is recorded or stored, or 'unreadable'. */
export type PdfImage = Buffer | null | 'unreadable';
export const UNSIGNED_TEXT = 'Belum ditandatangani';

const MARGIN = 40;
const MUTED = '#595959';
const LINE = '#bfbfbf';
const HEAD_FILL = '#f0f2f5';

/** A new A4 portrait document; pages are buffered so the footer can say "Halaman i dari n". */
export function newA4(title: string): Pdf {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: 'id-ID',
    info: { Title: title, Author: 'ITMS', Creator: 'ITMS' },
  });
}

/** Ends the document and resolves with its bytes. */
export function finish(doc: Pdf, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // below the bottom margin: without lifting it, pdfkit would open a new page for this line
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(footer, MARGIN, doc.page.height - 28, { width: contentWidth(doc) * 0.7, lineBreak: false })
      .text(`Halaman ${i - start + 1} dari ${count}`, MARGIN, doc.page.height - 28, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const pageBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` no longer fits below the cursor. */
export function ensureRoom(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
}

/** The document's title block: the title, the system's name, and short facts at the right. */
export function titleBlock(doc: Pdf, title: string, facts: string[]): void {
  const x = MARGIN;
  const top = doc.y;
  const width = contentWidth(doc);
  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .fillColor('black')
    .text(title, x, top, { width: width * 0.62 });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`${PRODUCT_NAME} (ITMS)`, x, doc.y + 2, { width: width * 0.62 });
  const leftBottom = doc.y;
  doc.font('Helvetica').fontSize(9).fillColor('black');
  let y = top;
  for (const f of facts) {
    doc.text(f, x + width * 0.62, y, { width: width * 0.38, align: 'right' });
    y = doc.y + 1;
  }
  doc.y = Math.max(leftBottom, y) + 8;
  rule(doc);
  doc.y += 10;
}

function rule(doc: Pdf): void {
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + contentWidth(doc), doc.y)
    .lineWidth(0.8)
    .strokeColor(LINE)
    .stroke();
}

/** A section heading. `keepWith` is the height of what must follow it on the same page. */
export function heading(doc: Pdf, text: string, keepWith = 40): void {
  ensureRoom(doc, 22 + keepWith);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('black')
    .text(text, MARGIN, doc.y, {
      width: contentWidth(doc),
    });
  doc.y += 4;
}

/** A block of running text (a note), breaking onto the next page when it is long. */
export function paragraph(doc: Pdf, text: string): void {
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('black')
    .text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.x = MARGIN;
  doc.y += 10;
}

/** The field grid's row for a PIC who was not on site (the tire man's reason), none otherwise. */
export const picAbsentRow = (reason: string | null): (readonly [string, string])[] => {
  const note = picAbsentNote(reason);
  return note ? [['TTD PIC', note]] : [];
};

/** Label/value pairs in two columns, filled row by row. */
export function fieldGrid(doc: Pdf, pairs: readonly (readonly [string, string])[]): void {
  const colWidth = contentWidth(doc) / 2;
  const labelWidth = 82;
  doc.fontSize(9);
  for (let i = 0; i < pairs.length; i += 2) {
    const row = pairs.slice(i, i + 2);
    const heights = row.map(([, v]) =>
      doc.font('Helvetica').heightOfString(v, { width: colWidth - labelWidth - 8 }),
    );
    const h = Math.max(12, ...heights);
    ensureRoom(doc, h + 4);
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = MARGIN + c * colWidth;
      doc.font('Helvetica').fillColor(MUTED).text(label, x, y, { width: labelWidth, lineBreak: false });
      doc
        .font('Helvetica-Bold')
        .fillColor('black')
        .text(value, x + labelWidth, y, { width: colWidth - labelWidth - 8 });
    });
    doc.y = y + h + 4;
  }
  doc.y += 6;
}

export interface PdfColumn {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
}

/** A bordered table; its header row is drawn again at the top of each page it runs onto. */
export function table(doc: Pdf, columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void {
  const pad = 3;
  const fontSize = 8.5;
  const drawRow = (cells: readonly string[], header: boolean) => {
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
    const h =
      Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 2 * pad }))) +
      2 * pad;
    return h;
  };
  const paint = (cells: readonly string[], header: boolean, y: number, h: number) => {
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      if (header) doc.rect(x, y, col.width, h).fillColor(HEAD_FILL).fill();
      doc.rect(x, y, col.width, h).lineWidth(0.5).strokeColor(LINE).stroke();
      doc
        .font(header ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(fontSize)
        .fillColor('black')
        .text(cell, x + pad, y + pad, {
          width: col.width - 2 * pad,
          align: header ? 'center' : (col.align ?? 'left'),
        });
      x += col.width;
    });
  };
  const headers = columns.map((c) => c.header);
  const headerHeight = drawRow(headers, true);
  const printHeader = () => {
    const y = doc.y;
    paint(headers, true, y, headerHeight);
    doc.y = y + headerHeight;
  };
  ensureRoom(doc, headerHeight + 20);
  printHeader();
  for (const cells of rows) {
    const h = drawRow(cells, false);
    if (doc.y + h > pageBottom(doc)) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      printHeader();
    }
    const y = doc.y;
    paint(cells, false, y, h);
    doc.y = y + h;
  }
  doc.x = MARGIN;
  doc.y += 12;
}

/** An image fitted into a framed box, or the given text when there is no image to show. */
function framedImage(doc: Pdf, image: PdfImage, x: number, y: number, w: number, h: number, missing: string) {
  doc.rect(x, y, w, h).lineWidth(0.5).strokeColor(LINE).stroke();
  let text = image === 'unreadable' ? UNREADABLE_IMAGE : missing;
  if (Buffer.isBuffer(image)) {
    try {
      doc.image(image, x + 3, y + 3, { fit: [w - 6, h - 6], align: 'center', valign: 'center' });
      return;
    } catch {
      // an image pdfkit still refuses is printed as unreadable, not a failed document
      text = UNREADABLE_IMAGE;
    }
  }
  doc
    .font('Helvetica-Oblique')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(text, x, y + h / 2 - 5, { width: w, align: 'center' });
}

/** Photos side by side, each with its caption below; `perRow` to a row (default: all in one). */
export function photoRow(
  doc: Pdf,
  photos: readonly { caption: string; image: PdfImage }[],
  perRow = photos.length,
): void {
  const gap = 15;
  const w = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  // low enough that a full unit's tires, the photos and the signatures fit one page
  const h = Math.min(140, w * 0.72);
  for (let i = 0; i < photos.length; i += perRow) {
    const row = photos.slice(i, i + perRow);
    doc.font('Helvetica').fontSize(8.5);
    const captionHeight = Math.max(...row.map((p) => doc.heightOfString(p.caption, { width: w })));
    ensureRoom(doc, h + captionHeight + 14);
    const y = doc.y;
    row.forEach((p, c) => {
      const x = MARGIN + c * (w + gap);
      framedImage(doc, p.image, x, y, w, h, NO_PHOTO);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('black')
        .text(p.caption, x, y + h + 4, { width: w, align: 'center' });
    });
    doc.x = MARGIN;
    doc.y = y + h + captionHeight + 14;
  }
}

export interface PdfSignature {
  /** Who signs: 'Tire Man', 'PIC', 'EDP'... */
  role: string;
  /** The signatory's name, when it is known. */
  name: string | null;
  /** When it was signed, as printed ('31 Januari 2025, 14:05 WIB'), when known. */
  when: string | null;
  image: PdfImage;
  /** The record holds a signature (its image may still be missing from the storage). */
  signed: boolean;
}

/** Under a signature given by someone whose name the record does not hold. */
export const UNNAMED_SIGNER = 'Nama tidak dicatat';

/**
 * The signatures under their heading, three to a row: role, the drawn signature (or 'Belum
 * ditandatangani'), the signer's name and when it was signed. They stay together on one page.
 */
export function signatureGrid(doc: Pdf, title: string, signatures: readonly PdfSignature[]): void {
  const perRow = 3;
  const gap = 12;
  const w = (contentWidth(doc) - gap * (perRow - 1)) / perRow;
  const boxH = 58;
  const rowH = 14 + boxH + 36;
  heading(doc, title, rowH * Math.ceil(signatures.length / perRow));
  for (let i = 0; i < signatures.length; i += perRow) {
    const y = doc.y;
    signatures.slice(i, i + perRow).forEach((s, c) => {
      const x = MARGIN + c * (w + gap);
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('black')
        .text(s.role, x, y, { width: w, align: 'center' });
      framedImage(doc, s.signed ? s.image : null, x, y + 14, w, boxH, s.signed ? NO_PHOTO : UNSIGNED_TEXT);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('black')
        .text(s.name || (s.signed ? UNNAMED_SIGNER : '-'), x, y + 14 + boxH + 4, {
          width: w,
          align: 'center',
          lineBreak: false,
          ellipsis: true,
        });
      if (s.signed && s.when) {
        doc
          .fontSize(7.5)
          .fillColor('#555555')
          .text(s.when, x, y + 14 + boxH + 16, { width: w, align: 'center', lineBreak: false });
      }
    });
    doc.x = MARGIN;
    doc.y = y + rowH;
  }
}

/** A recorded text (a name, a path, a status), null when the record holds none ('-' or empty). */
export const recorded = (v: string | null | undefined): string | null =>
  v && v.trim() !== '' && v !== UNSIGNED ? v : null;

/** The signatures of a record with their drawings read from the storage, each dated in `timezone`. */
export function loadSignatures(
  storage: Storage,
  timezone: string,
  list: readonly {
    role: string;
    name: string | null;
    path: string | null | undefined;
    at: Date | string | null | undefined;
  }[],
): Promise<PdfSignature[]> {
  return Promise.all(
    list.map(async ({ role, name, path, at }) => ({
      role,
      name,
      when: at ? longDateTime(new Date(at), timezone) : null,
      signed: recorded(path) !== null,
      image: await readImage(storage, path),
    })),
  );
}

/** The workshop's place in a document's signatures: who signed it (Tanda Tangan Workshop) and when. */
export const workshopSignature = (d: {
  workshop_sign: string;
  workshop_signed: { by: { name: string } | null; at: string } | null;
}) => ({
  role: 'Workshop',
  name: d.workshop_signed?.by?.name ?? null,
  path: d.workshop_sign,
  at: d.workshop_signed?.at,
});

/** A submission's state as the printed record says it. */
export const statusText = (approved: boolean, returned = false) =>
  approved ? 'Tervalidasi' : returned ? 'Dikembalikan ke tire man' : 'Menunggu validasi';

/** Original brand / IR brand as the forms write them, once when they are the same. */
export const brandText = (ori: string | null | undefined, ir: string | null | undefined) =>
  [...new Set([ori, ir].filter((b) => b && b.trim() !== '' && b !== UNSIGNED))].join(' / ') || '-';

/** A stored file larger than this is not read for a PDF (uploads are a few MB at most). */
const PDF_IMAGE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A stored photo or signature for a PDF: null when there is none to show (none recorded ('-'),
 * an outside address, a file gone from the storage); 'unreadable' when the file is not an image
 * that decodes (see pdfSafeImage); else bytes pdfkit embeds without decoding them.
 */
export async function readImage(storage: Storage, path: string | null | undefined): Promise<PdfImage> {
  if (!path || !isSafeKey(path)) return null;
  const stream = await storage.get(path);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += piece.length;
    if (size > PDF_IMAGE_MAX_BYTES) {
      stream.destroy();
      return 'unreadable';
    }
    chunks.push(piece);
  }
  return pdfSafeImage(Buffer.concat(chunks));
}

/** The abbreviation Indonesians write after a time (WIB, WITA, WIT), else the zone's name. */
export function zoneLabel(timezone: string): string {
  const labels: Record<string, string> = {
    'Asia/Jakarta': 'WIB',
    'Asia/Pontianak': 'WIB',
    'Asia/Makassar': 'WITA',
    'Asia/Jayapura': 'WIT',
  };
  return labels[timezone] ?? timezone;
}

/** `31 Januari 2025` from a `yyyy-mm-dd` day. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('id-ID', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

function partsIn(at: Date, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The `yyyy-mm-dd` day of a moment in the application's time zone. */
export const dayIn = (at: Date, timezone: string) => partsIn(at, timezone).day;

/** `31 Januari 2025, 14:05 WIB` for a moment, in the application's time zone (as the screens write it). */
export function longDateTime(at: Date, timezone: string): string {
  const { day, time } = partsIn(at, timezone);
  return `${longDate(day)}, ${time} ${zoneLabel(timezone)}`;
}

/** A number the Indonesian way (1.234,5), '-' when there is none. */
export { formatNumber as num } from '@itms/contracts/rules/number-format';
