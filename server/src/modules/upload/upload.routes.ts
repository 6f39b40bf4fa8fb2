import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors';
import { sniffImage } from '../../lib/images';
import { ANY_USER } from '../../lib/roles';
import { newUploadKey } from '../../lib/storage';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload',
    { config: { roles: ANY_USER }, schema: { tags: ['upload'], consumes: ['multipart/form-data'] } },
    async (req, reply) => {
      if (!req.isMultipart())
        throw badRequest('Kirim file gambar sebagai multipart/form-data pada field "image"');
      const file = await req.file({ limits: { fileSize: app.config.uploadMaxBytes, files: 1 } });
      if (file?.fieldname !== 'image') throw badRequest('Field "image" berisi file gambar wajib diisi');
      const buf = await file.toBuffer();
      if (file.file.truncated) {
        throw new AppError(
          413,
          'PAYLOAD_TOO_LARGE',
          `Ukuran file melebihi ${Math.round(app.config.uploadMaxBytes / 1024)} KB`,
        );
      }
      if (buf.length === 0) throw badRequest('File kosong');
      const kind = await sniffImage(buf);
      if (!kind) throw badRequest('File harus berupa gambar PNG, JPEG atau WebP');
      const key = newUploadKey(kind.ext);
      await app.storage.put(key, buf, kind.mime);
      reply.status(201);
      return { awsImage: key };
    },
  );
};
