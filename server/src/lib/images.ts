import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from './errors';
import type { ImageJob, ImageKind, ImageResult } from './image-worker';

const ALLOWED_IMAGES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

type ImageMime = keyof typeof ALLOWED_IMAGES;
const KIND: Record<ImageMime, ImageKind> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

/**
 * The most pixels an image may have: a phone photo is sent at 1600 px (2 MP), a camera's at most
 * 50 MP. Checked from the header before decoding, so a small file that claims a huge canvas costs
 * nothing; a decode of the largest allowed one holds about 350 MB in the worker, briefly.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** A decode that runs longer than this is given up (the worker is restarted). */
const DECODE_TIMEOUT_MS = 30_000;

export const IMAGE_MESSAGES = {
  notImage: 'File harus berupa gambar PNG, JPEG atau WebP',
  unreadable: 'Gambar rusak atau tidak dapat dibaca',
  tooLarge: `Gambar terlalu besar: maksimal ${MAX_IMAGE_PIXELS / 1_000_000} megapiksel`,
} as const;

/** The image kind judged by the bytes, never by the name; null for anything else (SVG, HTML, text). */
async function sniffImage(buf: Buffer): Promise<{ mime: ImageMime; ext: string } | null> {
  if (buf.length === 0) return null;
  const type = await fileTypeFromBuffer(buf);
  if (!type || !(type.mime in ALLOWED_IMAGES)) return null;
  const mime = type.mime as ImageMime;
  return { mime, ext: ALLOWED_IMAGES[mime] };
}

/*
 * One worker thread decodes, one image at a time: the server's thread stays free, and at most one
 * decoded image is in memory at once. It is started on first use and does not keep the process up.
 */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (r: ImageResult) => void; reject: (e: Error) => void }>();
let queue: Promise<unknown> = Promise.resolve();

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function theWorker(): Worker {
  if (worker) return worker;
  // the TypeScript file in tests and `npm run dev` (Node strips its types), the bundled one in dist/
  const file = import.meta.url.endsWith('.ts') ? './image-worker.ts' : './image-worker.mjs';
  const w = new Worker(new URL(file, import.meta.url));
  w.unref();
  w.on('message', (r: ImageResult) => {
    pending.get(r.id)?.resolve(r);
    pending.delete(r.id);
  });
  w.on('error', (err) => failAll(err instanceof Error ? err : new Error(String(err))));
  w.on('exit', () => {
    if (worker === w) worker = null;
    failAll(new Error('image worker stopped'));
  });
  worker = w;
  return w;
}

function runJob(job: Omit<ImageJob, 'id'>): Promise<ImageResult> {
  const id = nextId++;
  return new Promise<ImageResult>((resolve, reject) => {
    const w = theWorker();
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('image decode timed out'));
      void w.terminate();
    }, DECODE_TIMEOUT_MS);
    pending.set(id, {
      resolve: (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    });
    w.postMessage({ ...job, id });
  });
}

/** Decodes in the worker, one job after the other; a worker that failed answers 'unreadable'. */
function decode(kind: ImageKind, bytes: Buffer, forPdf: boolean): Promise<ImageResult> {
  const run = queue.then(() =>
    runJob({ kind, bytes: new Uint8Array(bytes), forPdf, maxPixels: MAX_IMAGE_PIXELS }).catch(
      (): ImageResult => ({ id: 0, ok: false, reason: 'unreadable' }),
    ),
  );
  queue = run;
  return run;
}

/**
 * An uploaded image, checked by its content and decoded to the last pixel: its kind, or a 400 that
 * says what is wrong (not an image, too many pixels, damaged).
 */
export async function checkImage(buf: Buffer): Promise<{ mime: ImageMime; ext: string }> {
  const kind = await sniffImage(buf);
  if (!kind) throw badRequest(IMAGE_MESSAGES.notImage);
  const result = await decode(KIND[kind.mime], buf, false);
  if (!result.ok) {
    throw badRequest(result.reason === 'too-large' ? IMAGE_MESSAGES.tooLarge : IMAGE_MESSAGES.unreadable);
  }
  return kind;
}

/**
 * A stored image made safe for pdfkit: a JPEG that decodes, as it is (pdfkit only reads its
 * header); a PNG or WebP that decodes, as an opaque RGB PNG of its pixels, which pdfkit embeds
 * without decoding (its own PNG decoder, for alpha, palette or interlaced images, throws from a
 * zlib callback on damaged data: an exception no try/catch reaches, which ends the process).
 * 'unreadable' for anything else.
 */
export async function pdfSafeImage(buf: Buffer): Promise<Buffer | 'unreadable'> {
  const kind = await sniffImage(buf);
  if (!kind) return 'unreadable';
  const result = await decode(KIND[kind.mime], buf, true);
  if (!result.ok) return 'unreadable';
  return result.pdf ? Buffer.from(result.pdf) : buf;
}
