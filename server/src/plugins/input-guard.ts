import { Transform } from 'node:stream';
import { errorCodes, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/**
 * The body a request without a session may send (413 beyond): the public routes' forms (login,
 * password reset) are a few short fields, and nobody anonymous may make the server read more, on
 * any path, known or not. Signed-in requests keep their route's limit (2 MB of JSON, uploads and
 * imports their own).
 */
export const PUBLIC_BODY_LIMIT = 4 * 1024;

/** Passes a body through until it grows past `limit` bytes, then fails with 413. */
function cutAt(limit: number): Transform & { receivedEncodedLength: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.receivedEncodedLength += chunk.length;
      if (counter.receivedEncodedLength > limit) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      else done(null, chunk);
    },
  }) as Transform & { receivedEncodedLength: number };
  counter.receivedEncodedLength = 0;
  return counter;
}

/** NUL (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (not valid Unicode, refused by jsonb). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Path of the first string (value or key) holding a forbidden character, or null. */
function findForbidden(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path || '(body)' : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value)) {
    const at = path ? `${path}.${k}` : k;
    if (FORBIDDEN.test(k)) return at;
    const found = findForbidden(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Refuses text no field may hold before any schema or service sees it, so that such input is a
 * 400 with the field named instead of a database error.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // after the session check (auth plugin, onRequest), before a byte of the body is read: no session
  // (a public route, an unknown one, a page) means PUBLIC_BODY_LIMIT
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.auth) return payload;
    const length = Number(req.headers['content-length']);
    if (length > PUBLIC_BODY_LIMIT) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    // a chunked body says no length: counted as it comes
    return Number.isNaN(length) && req.headers['transfer-encoding']
      ? payload.pipe(cutAt(PUBLIC_BODY_LIMIT))
      : payload;
  });

  app.addHook('preValidation', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const field = findForbidden(value, '');
      if (field) {
        throw badRequest(`Data tidak valid: ${field} berisi karakter yang tidak diizinkan`, [
          {
            field: part === 'body' ? field : `${part}.${field}`,
            message: 'Berisi karakter yang tidak diizinkan',
          },
        ]);
      }
    }
  });
});
