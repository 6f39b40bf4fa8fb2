import {
  attribute,
  CannotTell,
  columnOf,
  entryText,
  hasText,
  scanXml,
  type ZipEntry,
  zipEntries,
} from './xlsx-zip';

/*
 * Counts an XLSX's data rows straight from the zip, before exceljs reads it: Excel stores the
 * shared strings after the sheets, so exceljs copies the sheet to disk and parses every shared
 * string before the first row, and a file far past the row limit made the server hold (and
 * collect) hundreds of thousands of strings only to refuse it. This pass keeps one bit per shared
 * string (blank or not) and stops at the first data row past the limit.
 *
 * It counts as exceljs's reader does (see readXlsx): the header is the first row with a non-blank
 * cell, a data row counts when it has a non-blank cell within the header's columns, text is
 * trimmed, error cells and formulas without a result are blank. Where it could differ it counts
 * fewer rows, never more, so it refuses only what the reader would refuse too.
 */

/** One bit per shared string: set when the string holds text (not blank once trimmed). */
async function sharedStringsWithText(buf: Buffer, entry: ZipEntry | undefined): Promise<Uint8Array> {
  let bits = new Uint8Array(1024);
  let count = 0;
  if (!entry) return bits;
  let text = '';
  let inPhonetic = false;
  let inText = false;
  const push = () => {
    if (count >> 3 >= bits.length) {
      const grown = new Uint8Array(bits.length * 2);
      grown.set(bits);
      bits = grown;
    }
    if (hasText(text)) bits[count >> 3]! |= 1 << (count & 7);
    count++;
    text = '';
  };
  await scanXml(entryText(buf, entry), {
    open(name, _attrs, selfClosing) {
      if (name === 'si') {
        text = '';
        if (selfClosing) push();
      } else if (name === 'rPh' && !selfClosing) inPhonetic = true;
      else if (name === 't' && !selfClosing && !inPhonetic) inText = true;
    },
    close(name) {
      if (name === 'si') push();
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 't') inText = false;
    },
    text(piece) {
      // a string's first characters settle whether it has text
      if (inText && text.length < 256) text += piece;
    },
    done: () => false,
  });
  return bits.subarray(0, (count + 7) >> 3);
}

/** The first worksheet exceljs reads: the first `xl/worksheets/sheetN.xml` stored in the zip. */
function firstSheet(entries: Map<string, ZipEntry>): ZipEntry | undefined {
  let first: ZipEntry | undefined;
  for (const [name, entry] of entries) {
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name) && (!first || entry.local < first.local)) first = entry;
  }
  return first;
}

/**
 * True when the first sheet holds more than `maxRows` data rows, false when it does not, null
 * when this pass cannot tell (zip64, an unknown compression, a damaged part): the reader decides.
 */
export async function xlsxHasMoreRowsThan(buf: Buffer, maxRows: number): Promise<boolean | null> {
  try {
    const entries = zipEntries(buf);
    const sheet = firstSheet(entries);
    if (!sheet) return null;
    const withText = await sharedStringsWithText(buf, entries.get('xl/sharedStrings.xml'));
    const sharedHasText = (index: number) =>
      Number.isInteger(index) && index >= 0 && ((withText[index >> 3] ?? 0) & (1 << (index & 7))) !== 0;

    let headerColumns = 0; // 0 until the header row is found
    let dataRows = 0;
    let rowLastColumn = 0; // the row's last non-blank column (0: none)
    let rowFirstColumn = 0; // the row's first non-blank column
    let column = 0;
    let type = '';
    let value: string | null = null;
    let capture: 'v' | 't' | null = null;
    let inInline = false;
    const endCell = () => {
      const filled =
        value !== null &&
        (type === 's'
          ? sharedHasText(Number(value.trim()))
          : type === 'e'
            ? false
            : type === 'inlineStr' || type === 'str'
              ? hasText(value)
              : value.trim() !== '');
      if (filled) {
        rowLastColumn = Math.max(rowLastColumn, column);
        rowFirstColumn = rowFirstColumn ? Math.min(rowFirstColumn, column) : column;
      }
    };
    const endRow = () => {
      if (rowLastColumn) {
        if (!headerColumns) headerColumns = rowLastColumn;
        else if (rowFirstColumn <= headerColumns) dataRows++;
      }
      rowLastColumn = 0;
      rowFirstColumn = 0;
      column = 0;
    };
    await scanXml(entryText(buf, sheet), {
      open(name, attrs, selfClosing) {
        if (name === 'row') {
          column = 0;
          if (selfClosing) endRow();
        } else if (name === 'c') {
          const ref = attribute(attrs, 'r');
          column = ref ? columnOf(ref) : column + 1;
          type = attribute(attrs, 't') ?? 'n';
          value = null;
          inInline = false;
        } else if (name === 'v' && !selfClosing) {
          capture = 'v';
          value = '';
        } else if (name === 'is') {
          inInline = true;
        } else if (name === 't' && inInline && !selfClosing) {
          capture = 't';
          value ??= '';
        }
      },
      close(name) {
        if (name === 'row') endRow();
        else if (name === 'c') endCell();
        else if (name === 'v' || name === 't') capture = null;
        else if (name === 'is') inInline = false;
      },
      text(piece) {
        if (capture && value !== null && value.length < 256) value += piece;
      },
      done: () => dataRows > maxRows,
    });
    return dataRows > maxRows;
  } catch (err) {
    if (err instanceof CannotTell || err instanceof RangeError) return null;
    // a damaged deflate stream: the reader reports the file as unreadable
    if (err instanceof Error && 'code' in err && String(err.code).startsWith('Z_')) return null;
    throw err;
  }
}
