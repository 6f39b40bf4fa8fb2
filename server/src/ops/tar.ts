import type { Readable, Writable } from 'node:stream';

/**
 * The few lines of ustar this project needs: regular files only, names up to 255 bytes. Enough
 * for a backup archive that `tar -tzf` can also list.
 */
const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const field = (value: string, offset: number, length: number) => h.write(value, offset, length, 'utf8');
  const octal = (n: number, offset: number, length: number) =>
    field(`${n.toString(8).padStart(length - 1, '0')}\0`, offset, length);
  field(base, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(mtime.getTime() / 1000), 136, 12);
  field('        ', 148, 8); // checksum counted as spaces
  field('0', 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  field(prefix, 345, 155);
  let sum = 0;
  for (const b of h) sum += b;
  field(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}

export class TarWriter {
  constructor(private readonly out: Writable) {}

  async add(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await write(this.out, header(name, data.length, mtime));
    await write(this.out, data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) await write(this.out, Buffer.alloc(pad));
  }

  /** Two zero blocks end the archive. */
  async finish(): Promise<void> {
    await write(this.out, Buffer.alloc(BLOCK * 2));
  }
}

/** The entries of a tar stream, in order, each with its whole content. */
export async function* readTar(input: Readable): AsyncGenerator<{ name: string; data: Buffer }> {
  let buf: Buffer = Buffer.alloc(0);
  let want: { name: string; size: number } | null = null;
  for await (const chunk of input) {
    buf = buf.length ? Buffer.concat([buf, chunk as Buffer]) : (chunk as Buffer);
    for (;;) {
      if (!want) {
        if (buf.length < BLOCK) break;
        const h = buf.subarray(0, BLOCK);
        buf = buf.subarray(BLOCK);
        if (h.every((b) => b === 0)) continue;
        const text = (o: number, l: number) => h.toString('utf8', o, o + l).replace(/\0.*$/s, '');
        const size = Number.parseInt(text(124, 12).trim() || '0', 8);
        const prefix = text(345, 155);
        want = { name: prefix ? `${prefix}/${text(0, 100)}` : text(0, 100), size };
      }
      const padded = Math.ceil(want.size / BLOCK) * BLOCK;
      if (buf.length < padded) break;
      const data = Buffer.from(buf.subarray(0, want.size));
      buf = buf.subarray(padded);
      const entry = want;
      want = null;
      yield { name: entry.name, data };
    }
  }
  if (want) throw new Error(`archive ends inside ${want.name}`);
}
