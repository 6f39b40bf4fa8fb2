import type { FastifyPluginAsync } from 'fastify';
import { isSafeKey } from '../../lib/storage';

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** Uploaded files, served from whichever storage is configured. Names are random and unguessable. */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { '*': string } }>('/files/*', async (req, reply) => {
    const key = req.params['*'];
    const stream = isSafeKey(key) ? await app.storage.get(key) : null;
    if (!stream)
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'File tidak ditemukan' });
    const ext = key.slice(key.lastIndexOf('.') + 1);
    return reply
      .header('content-type', MIME[ext] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });
};
