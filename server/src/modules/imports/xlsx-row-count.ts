import { createInflateRaw } from 'node:zlib';

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

interface ZipEntry {
  method: number;
  local: number;
  size: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A tag longer than this is not from a spreadsheet: the pass gives up instead of buffering it. */
const MAX_TAG = 1024 * 1024;

class CannotTell extends Error {}

/** The zip's entries by name, from its central directory (null for zip64 or a damaged zip). */
function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new CannotTell();
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new CannotTell(); // zip64
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) throw new CannotTell();
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const encrypted = (buf.readUInt16LE(at + 8) & 1) === 1;
    if (!encrypted) {
      entries.set(name, {
        method: buf.readUInt16LE(at + 10),
        size: buf.readUInt32LE(at + 20),
        local: buf.readUInt32LE(at + 42),
      });
    }
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's text, inflated piece by piece. */
async function* entryText(buf: Buffer, entry: ZipEntry): AsyncGenerator<string> {
  const { local } = entry;
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new CannotTell();
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  if (start + entry.size > buf.length) throw new CannotTell();
  const data = buf.subarray(start, start + entry.size);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    for (let at = 0; at < data.length; at += 64 * 1024) {
      yield decoder.decode(data.subarray(at, at + 64 * 1024), { stream: true });
    }
  } else if (entry.method === 8) {
    const inflate = createInflateRaw();
    inflate.end(data);
    // leaving the loop early destroys the stream: the rest is never inflated
    for await (const piece of inflate) yield decoder.decode(piece as Buffer, { stream: true });
  } else {
    throw new CannotTell();
  }
}

interface XmlHandler {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
  /** True once the handler has seen enough: the rest of the entry is not read. */
  done(): boolean;
}

/** Where the tag starting at `lt` ends (its '>'), or -1 when the text so far does not hold it. */
function tagEnd(s: string, lt: number): number {
  if (s.startsWith('<!--', lt)) {
    const end = s.indexOf('-->', lt + 4);
    return end < 0 ? -1 : end + 2;
  }
  if (s.startsWith('<![CDATA[', lt)) {
    const end = s.indexOf(']]>', lt + 9);
    return end < 0 ? -1 : end + 2;
  }
  let quote = '';
  for (let i = lt + 1; i < s.length; i++) {
    const ch = s[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

/**
 * A small streaming XML tokenizer: enough for the worksheet and shared-strings parts. Names are
 * taken as written (no namespace prefixes), as exceljs reads them.
 */
async function scanXml(pieces: AsyncIterable<string>, h: XmlHandler): Promise<void> {
  let rest = '';
  for await (const piece of pieces) {
    const s = rest + piece;
    rest = '';
    let i = 0;
    while (i < s.length) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        h.text(s.slice(i));
        break;
      }
      if (lt > i) h.text(s.slice(i, lt));
      const end = tagEnd(s, lt);
      if (end < 0) {
        rest = s.slice(lt);
        if (rest.length > MAX_TAG) throw new CannotTell();
        break;
      }
      const tag = s.slice(lt, end + 1);
      i = end + 1;
      if (tag.startsWith('<![CDATA[')) h.text(tag.slice(9, -3));
      else if (tag.startsWith('</')) h.close(tag.slice(2, -1).trim());
      else if (!tag.startsWith('<?') && !tag.startsWith('<!')) {
        const selfClosing = tag.endsWith('/>');
        const body = tag.slice(1, selfClosing ? -2 : -1);
        const nameEnd = body.search(/[\s/]|$/);
        h.open(body.slice(0, nameEnd), body.slice(nameEnd), selfClosing);
      }
      if (h.done()) return;
    }
  }
}

const ATTRIBUTES = {
  r: /(?:^|\s)r\s*=\s*(?:"([^"]*)"|'([^']*)')/,
  t: /(?:^|\s)t\s*=\s*(?:"([^"]*)"|'([^']*)')/,
};
const attribute = (attrs: string, name: keyof typeof ATTRIBUTES) => {
  const match = ATTRIBUTES[name].exec(attrs);
  return match ? (match[1] ?? match[2]) : undefined;
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Whether XML text, once its entities are decoded, holds anything but whitespace. */
function hasText(xml: string): boolean {
  const decoded = xml.includes('&')
    ? xml.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
        if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
    : xml;
  return decoded.trim() !== '';
}

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

/** 'AB12' -> 28 */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + code - 64;
  }
  return col;
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
