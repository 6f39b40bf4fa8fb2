import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import { SOP_VIDEO_MESSAGES as V } from '@itms/contracts/sop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { newUploadKey } from '../../lib/storage';
import { sniffVideoFile } from '../../lib/videos';
import { currentUser } from '../../plugins/auth';
import { createSop, deleteSop, listSop, setSopVideo, sopExists, updateSop } from './sop.service';

export const sopRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listSop, async () => listSop(app.db));

  route(app, API.createSop, async (req) => {
    const data = await createSop(app.db, currentUser(req).id, req.body);
    return { message: MASTER_MESSAGES.sop.created, data };
  });

  route(app, API.deleteSop, async (req) => {
    await deleteSop(app.db, currentUser(req).id, req.params.id);
    return { message: MASTER_MESSAGES.sop.deleted, data: { id: req.params.id } };
  });

  route(app, API.updateSop, async (req) => {
    const data = await updateSop(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: MASTER_MESSAGES.sop.updated, data };
  });

  // the SOP is edited by admins (PUT /sop/{id}); its video likewise
  route(app, API.uploadSopVideo, async (req) => {
    if (!req.isMultipart()) throw badRequest(V.notMultipart);
    if (!(await sopExists(app.db, req.params.id))) throw notFound('SOP');
    const max = app.config.uploadVideoMaxBytes;
    const file = await req.file({ limits: { fileSize: max, files: 1 } });
    if (file?.fieldname !== 'video') throw badRequest(V.missing, [{ field: 'video', message: V.missing }]);
    // spooled to a temporary file: a 200 MB video never sits in memory
    const spool = path.join(os.tmpdir(), `itms-video-${randomBytes(8).toString('hex')}`);
    try {
      await pipeline(file.file, fs.createWriteStream(spool));
      if (file.file.truncated) {
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', V.tooLarge(max));
      }
      if ((await fs.promises.stat(spool)).size === 0) throw badRequest(V.empty);
      const kind = await sniffVideoFile(spool);
      if (!kind) throw badRequest(V.notVideo, [{ field: 'video', message: V.notVideo }]);
      const key = newUploadKey(kind.ext);
      await app.storage.putFile(key, spool, kind.mime);
      const data = await setSopVideo(app.db, currentUser(req).id, req.params.id, key);
      return { message: V.uploaded, data };
    } finally {
      await fs.promises.rm(spool, { force: true });
    }
  });

  route(app, API.deleteSopVideo, async (req) => {
    const data = await setSopVideo(app.db, currentUser(req).id, req.params.id, null);
    return { message: V.removed, data };
  });
};
