import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { badRequest } from '../../lib/errors';
import { loadExcelJS } from '../../lib/exceljs';

/** A file's first sheet as text: the header row and every following non-empty row. */
export interface Table {
  headers: string[];
  /** `row` is the spreadsheet row number (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (buf: Buffer, magic: number[]) => magic.every((b, i) => buf[i] === b);

/** Reads an XLSX or CSV file, judged by its bytes: an XLSX is a zip (PK..), a CSV is UTF-8 text. */
export async function readTable(buf: Buffer, maxRows: number): Promise<Table> {
  if (buf.length === 0) throw badRequest('File kosong');
  let table: Table;
  if (startsWith(buf, ZIP_MAGIC)) {
    table = await readXlsx(buf);
  } else if (startsWith(buf, OLE_MAGIC)) {
    throw badRequest('Format .xls lama tidak didukung: simpan file sebagai .xlsx atau CSV');
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      throw badRequest('File harus berupa XLSX atau CSV (teks UTF-8)');
    }
    if (text.includes('\0')) throw badRequest('File harus berupa XLSX atau CSV (teks UTF-8)');
    table = csvTable(parseCsv(text));
  }
  if (table.headers.every((h) => !h)) throw badRequest('File tidak berisi baris judul kolom');
  if (table.rows.length === 0) throw badRequest('File tidak berisi data');
  if (table.rows.length > maxRows) {
    throw badRequest(`File berisi ${table.rows.length} baris; maksimal ${maxRows} baris per file`);
  }
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

/** The first sheet, read as a stream (about a third faster than loading the whole workbook model). */
async function readXlsx(buf: Buffer): Promise<Table> {
  let headers: string[] | null = null;
  const rows: Table['rows'] = [];
  try {
    const reader = new (await loadExcelJS()).stream.xlsx.WorkbookReader(Readable.from([buf]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      // styles tell dates from numbers
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        if (!headers) {
          const h = Array.from(values.slice(1), (v) => cellText(v));
          if (h.some((x) => x !== '')) headers = h;
          continue;
        }
        const cells = headers.map((_, i) => cellText(values[i + 1]));
        if (cells.some((c) => c !== '')) rows.push({ row: row.number, cells });
      }
      break; // the first sheet only
    }
  } catch {
    throw badRequest('File XLSX tidak dapat dibaca');
  }
  return { headers: headers ?? [], rows };
}

/**
 * RFC 4180 CSV with quotes ("a, b", "say ""hi"""), CRLF or LF, separated by comma, semicolon
 * (Excel in Indonesian locale) or tab, picked from the header line. A UTF-8 BOM is ignored.
 * Every line break outside quotes ends a record, so record i is spreadsheet row i + 1.
 */
export function parseCsv(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  const delimiter = counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      inQuotes = true;
    } else if (ch === delimiter) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += ch;
    }
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

function csvTable(records: string[][]): Table {
  const headerIndex = records.findIndex((r) => r.some((c) => c.trim() !== ''));
  if (headerIndex < 0) return { headers: [], rows: [] };
  const headers = records[headerIndex]!.map((h) => h.trim());
  const rows: Table['rows'] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const cells = headers.map((_, c) => (records[i]![c] ?? '').trim());
    if (cells.some((c) => c !== '')) rows.push({ row: i + 1, cells });
  }
  return { headers, rows };
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
