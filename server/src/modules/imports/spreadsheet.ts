import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS } from '@itms/contracts/master-data';
import { badRequest } from '../../lib/errors';
import { loadExcelJS } from '../../lib/exceljs';
import { readXlsxTable, XlsxRefusal } from './xlsx-reader';

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

/** 1 -> A, 28 -> AB: how a spreadsheet names a column. */
export function columnName(n: number): string {
  let name = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) name = String.fromCharCode(65 + ((c - 1) % 26)) + name;
  return name;
}

const tooManyColumns = () =>
  badRequest(
    `File berisi lebih dari ${IMPORT_MAX_COLUMNS} kolom; maksimal ${IMPORT_MAX_COLUMNS} kolom per file`,
  );
const cellTooLong = (row: number, column: number) =>
  badRequest(
    `Isi sel ${columnName(column)}${row} lebih dari ${IMPORT_MAX_CELL_CHARS} karakter; maksimal ${IMPORT_MAX_CELL_CHARS} karakter per sel`,
  );

/** The first sheet (xlsx-reader.ts: straight from the zip, refusing at the first row, column or cell past a limit). */
async function readXlsx(buf: Buffer, maxRows: number): Promise<Table> {
  try {
    return await readXlsxTable(buf, {
      maxRows,
      maxColumns: IMPORT_MAX_COLUMNS,
      maxCellChars: IMPORT_MAX_CELL_CHARS,
    });
  } catch (err) {
    if (!(err instanceof XlsxRefusal)) throw err;
    if (err.reason === 'too-many-rows') throw tooManyRows(maxRows);
    if (err.reason === 'too-many-columns') throw tooManyColumns();
    if (err.reason === 'cell-too-long') throw cellTooLong(err.row, err.column);
    throw badRequest('File XLSX tidak dapat dibaca');
  }
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
export function* csvRecords(
  pieces: Iterable<string>,
  limits: { maxColumns: number; maxCellChars: number } = {
    maxColumns: Number.POSITIVE_INFINITY,
    maxCellChars: Number.POSITIVE_INFINITY,
  },
): Generator<string[]> {
  const { maxColumns, maxCellChars } = limits;
  let delimiter = '';
  let head = ''; // text held until the first line is whole: it picks the delimiter
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  let quoteInQuotes = false; // a '"' inside quotes: a doubled quote or the closing one
  let afterCr = false; // a '\r' ended the record: a '\n' right after it belongs to it
  let started = false;
  let line = 1; // the record's number, for the refusals
  // a record or a field past a limit is refused before it is held: memory stays at one record
  const push = () => {
    if (field.length > maxCellChars) throw new CsvRefusal('cell-too-long', line, record.length + 1);
    if (record.length >= maxColumns && field.trim() !== '') throw new CsvRefusal('too-many-columns', line, 0);
    // a blank field past the limit (trailing separators) is dropped, not kept
    if (record.length < maxColumns) record.push(field);
    field = '';
  };
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
          else if (field.length <= maxCellChars) field += ch;
          else throw new CsvRefusal('cell-too-long', line, record.length + 1);
          continue;
        }
      }
      if (ch === '"' && field === '') {
        inQuotes = true;
      } else if (ch === delimiter) {
        push();
      } else if (ch === '\n' || ch === '\r') {
        afterCr = ch === '\r';
        push();
        yield record;
        record = [];
        line++;
      } else if (field.length <= maxCellChars) {
        field += ch;
      } else {
        throw new CsvRefusal('cell-too-long', line, record.length + 1);
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
    push();
    yield record;
  }
}

/** A CSV past a limit: the record (spreadsheet row) and column where it was met. */
export class CsvRefusal extends Error {
  constructor(
    readonly reason: 'too-many-columns' | 'cell-too-long',
    readonly row: number,
    readonly column: number,
  ) {
    super(reason);
  }
}

/** The whole text as records (see csvRecords). */
export function parseCsv(input: string): string[][] {
  return [...csvRecords([input])];
}

function readCsv(buf: Buffer, maxRows: number): Table {
  try {
    return readCsvRecords(buf, maxRows);
  } catch (err) {
    if (!(err instanceof CsvRefusal)) throw err;
    throw err.reason === 'too-many-columns' ? tooManyColumns() : cellTooLong(err.row, err.column);
  }
}

function readCsvRecords(buf: Buffer, maxRows: number): Table {
  let headers: string[] | null = null;
  const rows: Table['rows'] = [];
  let row = 0;
  const limits = { maxColumns: IMPORT_MAX_COLUMNS, maxCellChars: IMPORT_MAX_CELL_CHARS };
  for (const record of csvRecords(utf8Chunks(buf), limits)) {
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
