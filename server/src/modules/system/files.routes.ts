import type { FastifyPluginAsync } from 'fastify';
import { type ByteRange, isSafeKey } from '../../lib/storage';

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * One range of a `Range: bytes=...` header against a file of `size` bytes: the range, 'invalid'
 * when it cannot be satisfied, or null when the header is absent or not one we serve (several
 * ranges, other units): the whole file is sent then, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'invalid' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // the last N bytes
    const n = Number(m[2]);
    if (n === 0) return 'invalid';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/**
 * Uploaded files, served from whichever storage is configured, only through a link the API signed
 * for a signed-in user (POST /api/files/sign): `?exp=&sig=`, valid until `exp`. An `<img>` sends no
 * session header, so the link itself is the permission. Byte ranges are honoured (206 Partial
 * Content) so a video seeks without downloading it whole.
 */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  // uploaded files, outside the API (and its document): served like static files, with HTTP Range
  app.get<{ Params: { '*': string }; Querystring: { exp?: unknown; sig?: unknown } }>(
    '/files/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = req.params['*'];
      const notFound = () =>
        reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'File tidak ditemukan' });
      if (!isSafeKey(key)) return notFound();
      const secondsLeft = app.fileUrls.secondsLeft(key, req.query.exp, req.query.sig);
      if (secondsLeft == null) {
        return reply.status(403).send({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Tautan file tidak valid atau sudah kedaluwarsa',
        });
      }
      const size = await app.storage.size(key);
      if (size == null) return notFound();
      const range = parseRange(req.headers.range, size);
      if (range === 'invalid') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ statusCode: 416, code: 'RANGE_NOT_SATISFIABLE', message: 'Rentang file tidak valid' });
      }
      const stream = await app.storage.get(key, range ?? undefined);
      if (!stream) return notFound();
      const ext = key.slice(key.lastIndexOf('.') + 1);
      reply
        .header('content-type', MIME[ext] ?? 'application/octet-stream')
        // this user's browser may keep it while the link lives; no shared cache may
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes');
      if (range) {
        reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      }
      return reply.send(stream);
    },
  );
};
