// Decodes uploaded images in a worker thread (started by images.ts): a photo is decoded to its last
// pixel with pure-JS / WebAssembly decoders, so a malformed file fails here, as a message, instead
// of in pdfkit (whose PNG decoder throws from a zlib callback, which ends the process), and a
// large photo's seconds of decoding never hold the server's event loop.
//
// Self-contained on purpose (npm packages and node: only): Node runs it as it is, stripping the
// types, in tests and `npm run dev`; the build bundles it to dist/image-worker.mjs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import webpFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type ImageKind = 'png' | 'jpeg' | 'webp';

export interface ImageJob {
  id: number;
  kind: ImageKind;
  bytes: Uint8Array;
  /** Also answer bytes pdfkit can embed without decoding anything itself. */
  forPdf: boolean;
  maxPixels: number;
}

export type ImageResult =
  | { id: number; ok: true; width: number; height: number; pdf?: Uint8Array }
  | { id: number; ok: false; reason: 'too-large' | 'unreadable' };

class TooLarge extends Error {}

const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const tag = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** Width and height from the file's header, before any pixel is decoded (null: no such header). */
function headerSize(kind: ImageKind, b: Uint8Array): { width: number; height: number } | null {
  if (kind === 'png') {
    return b.length >= 24 && tag(b, 12) === 'IHDR' ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
  }
  if (kind === 'webp') {
    if (b.length < 30) return null;
    const chunk = tag(b, 12);
    if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (chunk === 'VP8L') {
      const bits = u16le(b, 21) | (u16le(b, 23) << 16);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    return null;
  }
  return null; // JPEG: jpeg-js refuses past maxResolutionInMP while reading the frame header
}

/** An opaque 8-bit RGB PNG of the pixels over white: pdfkit embeds it as it is, decoding nothing. */
function flatPng(width: number, height: number, rgba: Uint8Array): Uint8Array {
  const png = new PNG({ width, height, colorType: 2, inputColorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  // a copy with an ArrayBuffer of its own, which postMessage can hand over (pngjs's may be pooled)
  return new Uint8Array(
    PNG.sync.write(png, {
      colorType: 2,
      inputColorType: 6,
      inputHasAlpha: true,
      bgColor: { red: 255, green: 255, blue: 255 },
    }),
  );
}

// the server's TypeScript lib has no DOM types: the little of WebAssembly used here, typed
interface Wasm {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;
const require = createRequire(import.meta.url);
let webpModule: object | undefined;

/** A fresh WebAssembly instance per image: its memory, grown for a large photo, goes with it. */
async function decodeWebp(bytes: Uint8Array) {
  webpModule ??= new wasm.Module(readFileSync(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')));
  const compiled = webpModule;
  const codec = await webpFactory({
    noInitialRun: true,
    instantiateWasm: (imports: object, done: (instance: object) => void) => {
      const instance = new wasm.Instance(compiled, imports);
      done(instance);
      return instance.exports;
    },
  } as unknown as Parameters<typeof webpFactory>[0]);
  const image = codec.decode(bytes);
  if (!image) throw new Error('webp');
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer) };
}

async function decode(job: ImageJob): Promise<ImageResult> {
  const { id, kind, bytes, maxPixels } = job;
  const size = headerSize(kind, bytes);
  if (size && size.width * size.height > maxPixels) throw new TooLarge();
  let image: { width: number; height: number; data: Uint8Array };
  if (kind === 'png') {
    image = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } else if (kind === 'jpeg') {
    try {
      image = jpeg.decode(bytes, {
        useTArray: true,
        tolerantDecoding: false,
        maxResolutionInMP: maxPixels / 1e6,
        maxMemoryUsageInMB: Math.ceil((maxPixels * 8) / 1024 / 1024),
      });
    } catch (err) {
      if (err instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(err.message))
        throw new TooLarge();
      throw err;
    }
  } else {
    image = await decodeWebp(bytes);
  }
  const { width, height, data } = image;
  if (!width || !height || data.length < width * height * 4) throw new Error('short');
  if (width * height > maxPixels) throw new TooLarge();
  // a JPEG is embedded as it is (pdfkit only reads its header); the others as a plain PNG of their pixels
  const pdf = job.forPdf && kind !== 'jpeg' ? flatPng(width, height, data) : undefined;
  return { id, ok: true, width, height, pdf };
}

parentPort?.on('message', async (job: ImageJob) => {
  let result: ImageResult;
  try {
    result = await decode(job);
  } catch (err) {
    result = { id: job.id, ok: false, reason: err instanceof TooLarge ? 'too-large' : 'unreadable' };
  }
  parentPort?.postMessage(result, result.ok && result.pdf ? [result.pdf.buffer as ArrayBuffer] : []);
});
