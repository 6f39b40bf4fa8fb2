import { ReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';
import { loadExcelJS } from '../../lib/exceljs';
import { xlsxHasMoreRowsThan } from './xlsx-row-count';

/** A file's first sheet as text: the header row and every following non-empty row. */
export interface Table {
  headers: string[];
  /** `row` is the spreadsheet row number (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);

// The count past the limit is not known: the file is not read further than the limit.
const tooManyRows = (maxRows: number) =>
  badRequest(`File berisi lebih dari ${maxRows} baris; maksimal ${maxRows} baris per file`);
const notText = () => badRequest('File harus berupa XLSX atau CSV (teks UTF-8)');

/**
 * Reads an XLSX or CSV file, judged by its bytes: an XLSX is a zip (PK..), a CSV is UTF-8 text.
 * Rows are read one at a time and the file is refused at the first non-empty row past `maxRows`,
 * so a huge sheet costs no more memory than `maxRows` rows.
 */
export async function readTable(buf: Buffer, maxRows: number): Promise<Table> {
  if (buf.length === 0) throw badRequest('File kosong');
  let table: Table;
  if (startsWith(buf, ZIP_MAGIC)) {
    table = await readXlsx(buf, maxRows);
  } else if (startsWith(buf, OLE_MAGIC)) {
    throw badRequest('Format .xls lama tidak didukung: simpan file sebagai .xlsx atau CSV');
  } else {
    table = readCsv(buf, maxRows);
  }
  if (table.headers.every((h) => !h)) throw badRequest('File tidak berisi baris judul kolom');
  if (table.rows.length === 0) throw badRequest('File tidak berisi data');
  return table;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** The text a person sees in a cell (formulas by their result, dates as yyyy-mm-dd). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoDate(v);
  if (typeof v === 'object') {
    if ('richText' in v)
      return v.richText
        .map((t) => t.text)
        .join('')
        .trim();
    if ('formula' in v || 'sharedFormula' in v) {
      const result = (v as ExcelJS.CellFormulaValue).result;
      return result !== null && typeof result === 'object' && !(result instanceof Date)
        ? ''
        : cellText(result);
    }
    if ('hyperlink' in v) return String(v.text ?? '').trim();
    if ('error' in v) return '';
    return '';
  }
  return String(v).trim();
}

/**
 * The temporary file exceljs spooled a sheet to, if any: a sheet stored in the zip before the
 * shared strings (Excel and exceljs both write them in that order) is copied to disk, and the
 * copy is deleted only when the reader is asked for the next sheet.
 */
function spooledFile(sheet: ExcelJS.stream.xlsx.WorksheetReader): ReadStream | null {
  const source = (sheet as unknown as { iterator?: unknown }).iterator;
  return source instanceof ReadStream ? source : null;
}

const SHARED_BLOCK = 4096;

/**
 * The workbook's shared strings as plain text, packed into one string per 4,096 entries: a sheet
 * comes after them, so all of them are held before the first row, and a JS string per entry
 * costs several times its text (300,000 plates: about 20 MB instead of 4).
 */
class SharedStrings {
  private blocks: string[] = [];
  private ends: Uint32Array[] = [];
  private pending: string[] = [];

  add(index: number, value: unknown): void {
    // entries arrive in order; a gap would shift every later one
    if (index !== this.blocks.length * SHARED_BLOCK + this.pending.length) throw new Error('shared strings');
    const text =
      typeof value === 'string'
        ? value
        : value !== null && typeof value === 'object' && 'richText' in value
          ? (value as { richText: { text?: string | null }[] }).richText.map((r) => r.text ?? '').join('')
          : '';
    this.pending.push(text);
    if (this.pending.length === SHARED_BLOCK) this.flush();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const ends = new Uint32Array(this.pending.length);
    let end = 0;
    this.pending.forEach((text, i) => {
      end += text.length;
      ends[i] = end;
    });
    this.blocks.push(this.pending.join(''));
    this.ends.push(ends);
    this.pending = [];
  }

  get(index: number): string {
    const block = Math.floor(index / SHARED_BLOCK);
    const at = index % SHARED_BLOCK;
    const ends = this.ends[block];
    if (!ends || at >= ends.length) return '';
    return this.blocks[block]!.slice(at ? ends[at - 1] : 0, ends[at]);
  }
}

/** The first sheet, read as a stream (about a third faster than loading the whole workbook model). */
async function readXlsx(buf: Buffer, maxRows: number): Promise<Table> {
  // a sheet far past the limit is refused before exceljs parses its shared strings
  if (await xlsxHasMoreRowsThan(buf, maxRows)) throw tooManyRows(maxRows);
  let headers: string[] | null = null;
  const rows: Table['rows'] = [];
  const strings = new SharedStrings();
  const text = (v: ExcelJS.CellValue) =>
    v !== null && typeof v === 'object' && 'sharedString' in v
      ? strings.get((v as { sharedString: number }).sharedString).trim()
      : cellText(v);
  let tooMany = false;
  let unreadable = false;
  try {
    const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(Readable.from([buf]), {
      worksheets: 'emit',
      // kept here, packed (see SharedStrings); cells then hold { sharedString: index }
      sharedStrings: 'emit',
      // styles tell dates from numbers
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    // parse(), unlike the reader's own iterator, also hands out the shared strings: bare
    // { index, text } items (exceljs 4.4 yields them without an eventType)
    const items = reader.parse() as AsyncGenerator<{
      eventType?: string;
      value?: unknown;
      index?: number;
      text?: unknown;
    }>;
    let first = true;
    for await (const item of items) {
      if (item.eventType === undefined && typeof item.index === 'number') {
        strings.add(item.index, item.text);
        continue;
      }
      if (item.eventType !== 'worksheet') continue;
      const sheet = item.value as ExcelJS.stream.xlsx.WorksheetReader;
      const spooled = spooledFile(sheet);
      if (first) {
        first = false;
        strings.flush();
        try {
          for await (const row of sheet) {
            const values = row.values as ExcelJS.CellValue[];
            if (!headers) {
              const h = Array.from(values.slice(1), text);
              if (h.some((x) => x !== '')) headers = h;
              continue;
            }
            const cells = headers.map((_, i) => text(values[i + 1]));
            if (!cells.some((c) => c !== '')) continue;
            if (rows.length === maxRows) {
              tooMany = true;
              break; // the rest of the sheet is never parsed
            }
            rows.push({ row: row.number, cells });
          }
        } catch {
          unreadable = true;
        }
      }
      // only the first sheet is read; the others are closed unread
      spooled?.destroy();
      // A spooled sheet's file is deleted when the next sheet is asked for, so go on to the end
      // (all sheets are spooled then, none is parsed); a sheet read straight from the zip has no file.
      if (!spooled) break;
    }
  } catch {
    unreadable = true;
  }
  if (unreadable) throw badRequest('File XLSX tidak dapat dibaca');
  if (tooMany) throw tooManyRows(maxRows);
  return { headers: headers ?? [], rows };
}

const CSV_CHUNK = 64 * 1024;

/** The file's text in pieces, refused if it is not UTF-8 or holds a NUL (a binary file). */
function* utf8Chunks(buf: Buffer): Generator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let at = 0; at <= buf.length; at += CSV_CHUNK) {
    const last = at + CSV_CHUNK > buf.length;
    let text: string;
    try {
      text = decoder.decode(buf.subarray(at, at + CSV_CHUNK), { stream: !last });
    } catch {
      throw notText();
    }
    if (text.includes('\0')) throw notText();
    yield text;
  }
}

/**
 * RFC 4180 CSV with quotes ("a, b", "say ""hi"""), CRLF or LF, separated by comma, semicolon
 * (Excel in Indonesian locale) or tab, picked from the header line. A UTF-8 BOM is ignored.
 * Every line break outside quotes ends a record, so record i is spreadsheet row i + 1.
 * Records are yielded one by one as the text arrives in pieces, so a caller can stop early.
 */
export function* csvRecords(pieces: Iterable<string>): Generator<string[]> {
  let delimiter = '';
  let head = ''; // text held until the first line is whole: it picks the delimiter
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteInQuotes = false; // a '"' inside quotes: a doubled quote or the closing one
  let afterCr = false; // a '\r' ended the record: a '\n' right after it belongs to it
  let started = false;
  const feed = function* (text: string): Generator<string[]> {
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (afterCr) {
        afterCr = false;
        if (ch === '\n') continue;
      }
      if (inQuotes) {
        if (quoteInQuotes) {
          quoteInQuotes = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          inQuotes = false; // that quote closed the field; `ch` is read as outside quotes
        } else {
          if (ch === '"') quoteInQuotes = true;
          else field += ch;
          continue;
        }
      }
      if (ch === '"' && field === '') {
        inQuotes = true;
      } else if (ch === delimiter) {
        record.push(field);
        field = '';
      } else if (ch === '\n' || ch === '\r') {
        afterCr = ch === '\r';
        record.push(field);
        yield record;
        record = [];
        field = '';
      } else {
        field += ch;
      }
    }
  };
  const pickDelimiter = (text: string) => {
    const firstLine = text.slice(0, text.search(/\r?\n|$/));
    const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
    delimiter = counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  };
  for (let piece of pieces) {
    if (!started) {
      started = true;
      if (piece.charCodeAt(0) === 0xfeff) piece = piece.slice(1);
    }
    if (!delimiter) {
      head += piece;
      if (!head.includes('\n')) continue;
      pickDelimiter(head);
      piece = head;
      head = '';
    }
    yield* feed(piece);
  }
  if (!delimiter) {
    pickDelimiter(head);
    yield* feed(head);
  }
  if (quoteInQuotes) inQuotes = false;
  if (field !== '' || record.length > 0) {
    record.push(field);
    yield record;
  }
}

/** The whole text as records (see csvRecords). */
export function parseCsv(input: string): string[][] {
  return [...csvRecords([input])];
}

function readCsv(buf: Buffer, maxRows: number): Table {
  let headers: string[] | null = null;
  const rows: Table['rows'] = [];
  let row = 0;
  for (const record of csvRecords(utf8Chunks(buf))) {
    row++;
    if (!headers) {
      if (record.some((c) => c.trim() !== '')) headers = record.map((h) => h.trim());
      continue;
    }
    const cells = headers.map((_, c) => (record[c] ?? '').trim());
    if (!cells.some((c) => c !== '')) continue;
    // the rest of the file is never parsed
    if (rows.length === maxRows) throw tooManyRows(maxRows);
    rows.push({ row, cells });
  }
  return { headers: headers ?? [], rows };
}

/** `Nomor Polisi*` -> `nomor_polisi`, `Groove 1` -> `groove_1`. */
export function headerKey(h: string): string {
  return h
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export interface ColumnSpec {
  /** Canonical name (spec section 3 spelling), also the template header. */
  name: string;
  aliases?: string[];
  required?: boolean;
}

/** Which file column holds which canonical column; unknown headers are reported, missing required ones refused. */
export function mapColumns(
  headers: string[],
  specs: readonly ColumnSpec[],
): { index: Map<string, number>; columns: string[]; ignored: string[] } {
  const byKey = new Map<string, string>();
  for (const s of specs) for (const k of [s.name, ...(s.aliases ?? [])]) byKey.set(headerKey(k), s.name);
  const index = new Map<string, number>();
  const ignored: string[] = [];
  headers.forEach((h, i) => {
    if (!h) return;
    const name = byKey.get(headerKey(h));
    if (name && !index.has(name)) index.set(name, i);
    else ignored.push(h);
  });
  const missing = specs.filter((s) => s.required && !index.has(s.name)).map((s) => s.name);
  if (missing.length) {
    throw badRequest(`Kolom wajib tidak ada: ${missing.join(', ')}`, [
      { field: 'file', message: `Kolom wajib tidak ada: ${missing.join(', ')}` },
    ]);
  }
  return { index, columns: specs.map((s) => s.name).filter((n) => index.has(n)), ignored };
}

/** An XLSX with the header row (bold, frozen) and optional reference sheets of allowed values. */
export async function templateXlsx(
  sheetName: string,
  columns: readonly string[],
  references: { name: string; header: string[]; rows: (string | number)[][] }[] = [],
): Promise<Buffer> {
  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = 'ITMS';
  const ws = wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...columns]).font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  for (const ref of references) {
    const rs = wb.addWorksheet(ref.name);
    rs.addRow(ref.header).font = { bold: true };
    for (const r of ref.rows) rs.addRow(r);
    rs.columns.forEach((c) => {
      c.width = 28;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
