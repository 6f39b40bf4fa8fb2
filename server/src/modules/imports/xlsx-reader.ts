import {
  attribute,
  CannotTell,
  columnOf,
  decodeXml,
  entryText,
  scanXml,
  TooLargeWhenInflated,
  type ZipEntry,
  zipEntries,
} from './xlsx-zip';

/*
 * Reads an XLSX's first sheet straight from the zip, with no workbook model: the parts are found in
 * the zip's directory, so their order does not matter (exceljs's streaming reader failed on
 * workbooks whose workbook.xml comes last with several sheets, as its own writer stores them:
 * the product's own import templates), and each part is read as a stream of tags, so neither a
 * wide, a long nor a deeply nested sheet costs more memory than the rows kept.
 */

/** What the reader refuses; spreadsheet.ts words each for the user. */
export class XlsxRefusal extends Error {
  constructor(
    readonly reason: 'unreadable' | 'too-many-rows' | 'too-many-columns' | 'cell-too-long',
    readonly row = 0,
    readonly column = 0,
  ) {
    super(reason);
  }
}

export interface XlsxLimits {
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
}

/** Inflated XML past these sizes is no importable sheet: refused before it costs more time. */
const MAX_SHEET_XML = 256 * 1024 * 1024;
const MAX_PART_XML = 64 * 1024 * 1024;
/** All shared strings together: 20,000 rows of 30 distinct 50-character cells fit with room. */
const MAX_SHARED_CHARS = 32 * 1024 * 1024;
const SHARED_BLOCK = 4096;

/**
 * The shared strings as plain text, packed into one string per 4,096 entries (a JS string per
 * entry costs several times its text). A string longer than a cell may be is kept cut one past
 * the limit: the cell that uses it is refused.
 */
class SharedStrings {
  private blocks: string[] = [];
  private ends: Uint32Array[] = [];
  private pending: string[] = [];
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  add(text: string): void {
    const kept = text.length > this.maxChars ? text.slice(0, this.maxChars + 1) : text;
    this.chars += kept.length;
    if (this.chars > MAX_SHARED_CHARS) throw new TooLargeWhenInflated();
    this.pending.push(kept);
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
    if (!Number.isInteger(index) || index < 0) return '';
    const block = Math.floor(index / SHARED_BLOCK);
    const at = index % SHARED_BLOCK;
    const ends = this.ends[block];
    if (!ends || at >= ends.length) return '';
    return this.blocks[block]!.slice(at ? ends[at - 1] : 0, ends[at]);
  }
}

/** The text of each `<si>` (its runs joined, phonetic hints left out), in order. */
async function readSharedStrings(buf: Buffer, entry: ZipEntry | undefined, maxChars: number) {
  const strings = new SharedStrings(maxChars);
  if (!entry) return strings;
  let text = '';
  let inPhonetic = false;
  let inText = false;
  await scanXml(entryText(buf, entry, MAX_PART_XML), {
    open(name, _attrs, selfClosing) {
      if (name === 'si') {
        text = '';
        if (selfClosing) strings.add('');
      } else if (name === 'rPh' && !selfClosing) inPhonetic = true;
      else if (name === 't' && !selfClosing && !inPhonetic) inText = true;
    },
    close(name) {
      if (name === 'si') strings.add(decodeXml(text));
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
    },
    text(piece) {
      // raw XML is never shorter than its text: a little past the limit is enough to refuse it
      if (inText && text.length <= maxChars * 12) text += piece;
    },
    done: () => false,
  });
  strings.flush();
  return strings;
}

/** Excel's built-in number formats that show a date or time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);

/** A custom format code shows a date when it has d, m, y, h or s outside quotes, brackets and escapes. */
const isDateFormat = (code: string) =>
  /[dmyhs]/i.test(
    decodeXml(code)
      .replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')
      .replace(/General/gi, ''),
  );

/** Per cell style (the `s` of a cell), whether it shows a date. */
async function readDateStyles(buf: Buffer, entry: ZipEntry | undefined): Promise<boolean[]> {
  const dates: boolean[] = [];
  if (!entry) return dates;
  const custom = new Map<number, boolean>();
  let inCellXfs = false;
  await scanXml(entryText(buf, entry, MAX_PART_XML), {
    open(name, attrs, selfClosing) {
      if (name === 'numFmt') {
        custom.set(Number(attribute(attrs, 'numFmtId')), isDateFormat(attribute(attrs, 'formatCode') ?? ''));
      } else if (name === 'cellXfs' && !selfClosing) inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(attrs, 'numFmtId') ?? 0);
        dates.push(custom.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
    done: () => false,
  });
  return dates;
}

/** The first sheet of the workbook (its tab order) and whether dates count from 1904. */
async function firstSheet(
  buf: Buffer,
  entries: Map<string, ZipEntry>,
): Promise<{ sheet: ZipEntry; date1904: boolean }> {
  let rid: string | undefined;
  let date1904 = false;
  const workbook = entries.get('xl/workbook.xml');
  if (workbook) {
    await scanXml(entryText(buf, workbook, MAX_PART_XML), {
      open(name, attrs) {
        if (name === 'workbookPr') date1904 = /^(1|true)$/.test(attribute(attrs, 'date1904') ?? '');
        else if (name === 'sheet') rid ??= attribute(attrs, 'r:id');
      },
      close() {},
      text() {},
      done: () => rid !== undefined,
    });
  }
  let target: string | undefined;
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rid && rels) {
    await scanXml(entryText(buf, rels, MAX_PART_XML), {
      open(name, attrs) {
        if (name === 'Relationship' && attribute(attrs, 'Id') === rid) target = attribute(attrs, 'Target');
      },
      close() {},
      text() {},
      done: () => target !== undefined,
    });
  }
  // a target is relative to xl/ ('worksheets/sheet1.xml') or absolute ('/xl/worksheets/sheet1.xml')
  const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  const sheet = (path && entries.get(path)) || entries.get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new XlsxRefusal('unreadable');
  return { sheet, date1904 };
}

const isoDay = (ms: number) => {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10);
};

/** An Excel serial day number as yyyy-mm-dd (1900 system, or 1904 when the workbook says so). */
const serialDay = (serial: number, date1904: boolean) =>
  isoDay(Math.round((serial - (date1904 ? 24107 : 25569)) * 86_400_000));

export interface XlsxTable {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

/**
 * The first sheet as text, the way a person reads it: formulas by their cached result, dates
 * (by their cell style) as yyyy-mm-dd, booleans as true/false, errors blank, text trimmed. The
 * header is the first row with a value; a data row counts when a cell under a header has one.
 * Refuses (XlsxRefusal) a file past `maxRows` data rows, with a value past `maxColumns`, or a cell
 * longer than `maxCellChars`, as soon as it meets it.
 */
export async function readXlsxTable(buf: Buffer, limits: XlsxLimits): Promise<XlsxTable> {
  try {
    return await read(buf, limits);
  } catch (err) {
    if (err instanceof XlsxRefusal) throw err;
    if (
      err instanceof CannotTell ||
      err instanceof TooLargeWhenInflated ||
      err instanceof RangeError ||
      (err instanceof Error && 'code' in err && String(err.code).startsWith('Z_'))
    ) {
      throw new XlsxRefusal('unreadable');
    }
    throw err;
  }
}

async function read(buf: Buffer, { maxRows, maxColumns, maxCellChars }: XlsxLimits): Promise<XlsxTable> {
  const entries = zipEntries(buf);
  const { sheet, date1904 } = await firstSheet(buf, entries);
  const dateStyles = await readDateStyles(buf, entries.get('xl/styles.xml'));
  const strings = await readSharedStrings(buf, entries.get('xl/sharedStrings.xml'), maxCellChars);

  let headers: string[] | null = null;
  const rows: XlsxTable['rows'] = [];
  let rowNumber = 0;
  let cells: string[] = [];
  let column = 0;
  let type = '';
  let style = 0;
  let value: string | null = null;
  let capture = false;
  let inInline = false;
  let inPhonetic = false;

  const endCell = () => {
    if (value === null || column < 1) return;
    let text: string;
    if (type === 's') text = strings.get(Number(value.trim()));
    else if (type === 'inlineStr' || type === 'str') text = decodeXml(value);
    else if (type === 'e') text = '';
    else if (type === 'b') text = value.trim() === '1' ? 'true' : 'false';
    else if (type === 'd') text = isoDay(Date.parse(decodeXml(value).trim()));
    else {
      const n = Number.parseFloat(value);
      text = Number.isNaN(n) ? '' : dateStyles[style] ? serialDay(n, date1904) : String(n);
    }
    if (text.length > maxCellChars) throw new XlsxRefusal('cell-too-long', rowNumber, column);
    text = text.trim();
    if (text === '') return;
    if (column > maxColumns) throw new XlsxRefusal('too-many-columns', rowNumber, column);
    cells[column - 1] = text;
  };
  const endRow = () => {
    if (!headers) {
      if (cells.some((c) => c)) headers = Array.from(cells, (c) => c ?? '');
    } else {
      const width = headers.length;
      const row = Array.from({ length: width }, (_, i) => cells[i] ?? '');
      if (row.some((c) => c !== '')) {
        if (rows.length === maxRows) throw new XlsxRefusal('too-many-rows');
        rows.push({ row: rowNumber, cells: row });
      }
    }
    cells = [];
    column = 0;
  };

  await scanXml(entryText(buf, sheet, MAX_SHEET_XML), {
    open(name, attrs, selfClosing) {
      if (name === 'row') {
        const r = Number(attribute(attrs, 'r'));
        rowNumber = Number.isInteger(r) && r > rowNumber ? r : rowNumber + 1;
        cells = [];
        column = 0;
        if (selfClosing) endRow();
      } else if (name === 'c') {
        const ref = attribute(attrs, 'r');
        column = ref ? columnOf(ref) : column + 1;
        type = attribute(attrs, 't') ?? 'n';
        style = Number(attribute(attrs, 's') ?? 0);
        value = null;
        inInline = false;
        inPhonetic = false;
      } else if (name === 'v' && !selfClosing) {
        capture = true;
        value = '';
      } else if (name === 'is') {
        inInline = true;
      } else if (name === 'rPh' && !selfClosing) {
        inPhonetic = true;
      } else if (name === 't' && inInline && !inPhonetic && !selfClosing) {
        capture = true;
        value ??= '';
      }
    },
    close(name) {
      if (name === 'row') endRow();
      else if (name === 'c') endCell();
      else if (name === 'v' || name === 't') capture = false;
      else if (name === 'is') inInline = false;
      else if (name === 'rPh') inPhonetic = false;
    },
    text(piece) {
      // raw XML is never shorter than its text: a little past the limit is enough to refuse it
      if (capture && value !== null && value.length <= maxCellChars * 12) value += piece;
    },
    done: () => false,
  });
  return { headers: headers ?? [], rows };
}
