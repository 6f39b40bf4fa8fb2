import { createInflateRaw } from 'node:zlib';

// The pieces of an XLSX (a zip of XML parts) the reader needs: the zip's directory, an entry's
// text inflated piece by piece, and a small streaming XML tokenizer. Nothing here builds a tree:
// memory stays at one piece of text whatever the part's size or nesting.

export interface ZipEntry {
  method: number;
  local: number;
  size: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A tag longer than this is not from a spreadsheet: the reader gives up instead of buffering it. */
const MAX_TAG = 1024 * 1024;

/** The zip or XML is not what a spreadsheet program writes: the caller decides what that means. */
export class CannotTell extends Error {}

/** The zip's entries by name, from its central directory (null for zip64 or a damaged zip). */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
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

/** A part inflated past this many bytes: more than any sheet of an importable size (a zip bomb). */
export class TooLargeWhenInflated extends Error {}

/** An entry's text, inflated piece by piece; past `maxBytes` of text it throws TooLargeWhenInflated. */
export async function* entryText(
  buf: Buffer,
  entry: ZipEntry,
  maxBytes = Number.POSITIVE_INFINITY,
): AsyncGenerator<string> {
  const { local } = entry;
  if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw new CannotTell();
  const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
  if (start + entry.size > buf.length) throw new CannotTell();
  const data = buf.subarray(start, start + entry.size);
  const decoder = new TextDecoder('utf-8');
  if (entry.method === 0) {
    if (data.length > maxBytes) throw new TooLargeWhenInflated();
    for (let at = 0; at < data.length; at += 64 * 1024) {
      yield decoder.decode(data.subarray(at, at + 64 * 1024), { stream: true });
    }
  } else if (entry.method === 8) {
    const inflate = createInflateRaw();
    inflate.end(data);
    let inflated = 0;
    // leaving the loop early destroys the stream: the rest is never inflated
    for await (const piece of inflate) {
      inflated += (piece as Buffer).length;
      if (inflated > maxBytes) throw new TooLargeWhenInflated();
      yield decoder.decode(piece as Buffer, { stream: true });
    }
  } else {
    throw new CannotTell();
  }
}

export interface XmlHandler {
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
 * taken as written (no namespace prefixes), as Excel, LibreOffice and exceljs write them.
 */
export async function scanXml(pieces: AsyncIterable<string>, h: XmlHandler): Promise<void> {
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

const attributePatterns = new Map<string, RegExp>();
/** An attribute's value as written (entities not decoded), by its name with any prefix ('r:id'). */
export function attribute(attrs: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name.replace(':', '\\:')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attrs);
  return match ? (match[1] ?? match[2]) : undefined;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text with its entities decoded. */
export function decodeXml(xml: string): string {
  return xml.includes('&')
    ? xml.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
        if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      })
    : xml;
}

/** 'AB12' -> 28 */
export function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    col = col * 26 + code - 64;
  }
  return col;
}
