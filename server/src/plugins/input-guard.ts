import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

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
