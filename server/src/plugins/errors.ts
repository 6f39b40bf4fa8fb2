import type { TError } from '@itms/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, invalidMessage, pgCode } from '../lib/errors';

/** Field path of a validation issue: `/body/records/0/groove_1` -> `records.0.groove_1`. */
function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').join('.') || '(body)';
}

/** One error shape for every failure; 5xx never leaks internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: TError;
    if (err instanceof AppError) {
      body = { statusCode: err.statusCode, code: err.code, message: err.message };
      if (err.detail) body.detail = err.detail;
      if (err.fields) body.fields = err.fields;
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        field: fieldOf(v.instancePath),
        message: v.message ?? 'Tidak valid',
      }));
      body = {
        statusCode: 400,
        code: 'VALIDATION',
        message: invalidMessage(fields),
        fields,
      };
    } else if (err.statusCode === 429) {
      body = { statusCode: 429, code: 'RATE_LIMITED', message: 'Terlalu banyak percobaan, coba lagi nanti' };
    } else if (err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      body = { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Ukuran file terlalu besar' };
    } else if (err.statusCode === 415) {
      body = { statusCode: 415, code: 'UNSUPPORTED_MEDIA', message: 'Jenis konten tidak didukung' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      body = { statusCode: err.statusCode, code: 'BAD_REQUEST', message: 'Permintaan tidak valid' };
    } else if (['40001', '40P01', '23505'].includes(pgCode(err) ?? '')) {
      // serialization failure, deadlock, or a unique race: another user changed the same rows
      body = {
        statusCode: 409,
        code: 'CONFLICT',
        message: 'Data sedang diubah oleh pengguna lain, muat ulang',
      };
    } else if (pgCode(err)?.startsWith('22')) {
      // a data exception (number out of range, malformed text or date) comes from the request's values
      req.log.warn({ err }, 'data exception');
      body = {
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: 'Data tidak valid: nilai di luar batas atau format salah',
      };
    } else {
      req.log.error({ err }, 'unhandled error');
      body = { statusCode: 500, code: 'INTERNAL', message: 'Terjadi kesalahan pada server' };
    }
    reply.status(body.statusCode).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .send({ statusCode: 404, code: 'NOT_FOUND', message: `Alamat ${req.method} ${req.url} tidak ada` });
  });
});
