import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploads } from '../../db/schema';
import { route } from '../../lib/endpoint';
import { AppError, badRequest } from '../../lib/errors';
import { checkImage } from '../../lib/images';
import { newUploadKey } from '../../lib/storage';
import { currentUser } from '../../plugins/auth';
import { hashOf, runIdempotent } from '../../plugins/idempotency';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.uploadImage, async (req, reply) => {
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
    // decoded to the last pixel here: a damaged image is refused now, not met later by a PDF
    const kind = await checkImage(buf);
    // the key is keyed on the file itself: a retry of the same photo gets the path it got first
    const sent = await runIdempotent(app, req, reply, hashOf(buf), async () => {
      const key = newUploadKey(kind.ext);
      await app.storage.put(key, buf, kind.mime);
      // who uploaded it: a record may cite only its author's own photos
      await app.db.insert(uploads).values({ path: key, user_id: currentUser(req).id });
      return { awsImage: key };
    });
    // the first reply, or the stored one on a retry: the same shape
    return sent as { awsImage: string };
  });
};
