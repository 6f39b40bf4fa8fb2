import { API } from '@itms/contracts/api';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind } from '@itms/contracts/master-data';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { AppError, badRequest } from '../../lib/errors';
import { XLSX_MIME } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { publishImportDone } from '../inbox/inbox-producers';
import { commitImport, importTemplate, previewImport } from './imports.service';

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

const OPS = {
  units: {
    preview: API.previewUnitImport,
    commit: API.commitUnitImport,
    template: API.downloadUnitImportTemplate,
  },
  tires: {
    preview: API.previewTireImport,
    commit: API.commitTireImport,
    template: API.downloadTireImportTemplate,
  },
} as const;

/** Import of units and tires from XLSX or CSV: preview every row's problems, then commit all or nothing. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of IMPORT_KINDS) {
    const op = OPS[kind];

    route(app, op.preview, async (req) => {
      const { buf } = await uploadedFile(req);
      return previewImport(app.db, kind, buf);
    });

    route(app, op.commit, async (req) => {
      const { buf, name } = await uploadedFile(req);
      const user = currentUser(req);
      const result = await commitImport(app.db, user.id, kind, buf, name);
      publishImportDone(app, kind, result.inserted, user, name); // the office inbox, after the commit
      return {
        message: `Import berhasil: ${result.inserted} ${LABEL[kind]} ditambahkan`,
        data: { kind, ...result },
      };
    });

    route(app, op.template, async (_req, reply) => {
      const buf = await importTemplate(app.db, kind);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="template-import-${LABEL[kind]}.xlsx"`)
        .send(buf);
    });
  }
};
