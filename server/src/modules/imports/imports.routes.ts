import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind } from '@itms/contracts/master-data';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { commitImport, importTemplate, previewImport } from './imports.service';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const LABEL: Record<ImportKind, string> = { units: 'unit', tires: 'ban' };

/** The uploaded spreadsheet: multipart field `file`, XLSX or CSV (judged later by its bytes). */
async function uploadedFile(req: FastifyRequest): Promise<{ buf: Buffer; name: string }> {
  if (!req.isMultipart())
    throw badRequest('Kirim file XLSX atau CSV sebagai multipart/form-data pada field "file"');
  const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (file?.fieldname !== 'file') throw badRequest('Field "file" berisi file XLSX atau CSV wajib diisi');
  const buf = await file.toBuffer();
  if (file.file.truncated) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `Ukuran file melebihi ${Math.round(IMPORT_MAX_BYTES / 1024 / 1024)} MB`,
    );
  }
  return { buf, name: file.filename.slice(0, 200) };
}

/** Import of units and tires from XLSX or CSV: preview every row's problems, then commit all or nothing. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['import'];
  const config = { roles: OFFICE };
  const schema = { tags, consumes: ['multipart/form-data'] };

  for (const kind of IMPORT_KINDS) {
    app.post(`/import/${kind}/preview`, { config, schema }, async (req) => {
      const { buf } = await uploadedFile(req);
      return previewImport(app.db, kind, buf);
    });

    app.post(`/import/${kind}/commit`, { config, schema }, async (req, reply) => {
      const { buf, name } = await uploadedFile(req);
      const result = await commitImport(app.db, currentUser(req).id, kind, buf, name);
      reply.status(201);
      return {
        message: `Import berhasil: ${result.inserted} ${LABEL[kind]} ditambahkan`,
        data: { kind, ...result },
      };
    });

    app.get(`/import/${kind}/template`, { config, schema: { tags } }, async (_req, reply) => {
      const buf = await importTemplate(app.db, kind);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="template-import-${LABEL[kind]}.xlsx"`)
        .send(buf);
    });
  }
};
