import { API } from '@itms/contracts/api';
import type { TMismatchRecordRow } from '@itms/contracts/mismatches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { sendPdf } from '../../lib/pdf';
import { recordFilterTitle } from '../../lib/record-filters';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { renderMismatchPdf } from './mismatch-pdf';
import { getDetail, listPending, recordRows, searchRecords } from './mismatches.queries';
import {
  createMismatch,
  deleteMismatch,
  reopenMismatch,
  signMismatch,
  validateMismatch,
} from './mismatches.service';

export const mismatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const emit = app.documentEvents.emit;

  // field: a tire man reports a BKB
  route(app, API.createMismatch, async (req) => {
    const tiremanId = currentUser(req).id;
    const id = await createMismatch(app.db, tiremanId, req.body, app.config.fieldMaxAgeDays);
    emit({ kind: 'mismatch', id, step: 'send', tiremanId });
    return { id };
  });

  route(app, API.listPendingMismatches, async (req) => listPending(app.db, req.query));

  route(app, API.getMismatch, async (req) => getDetail(app.db, req.params.id));

  route(app, API.printMismatch, async (req, reply) =>
    sendPdf(
      reply,
      await renderMismatchPdf(
        { db: app.db, storage: app.storage, timezone: app.config.timezone },
        req.params.id,
      ),
    ),
  );

  route(app, API.searchMismatchRecords, async (req) => searchRecords(app.db, req.body, app.config.timezone));

  route(app, API.exportMismatchRecords, async (req, reply) => {
    const q = req.query;
    return sendXlsx<TMismatchRecordRow>(reply, {
      filename: `rekam-bkb_${q.dateStart}_${q.dateEnd}`,
      sheet: 'Rekam BKB',
      title: 'Rekam BKB',
      period: { start: q.dateStart, end: q.dateEnd },
      filters: await recordFilterTitle(app.db, q),
      rows: (offset, limit) => recordRows(app.db, q, app.config.timezone, offset, limit),
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Tire Man', width: 24, value: (r) => r.tireman_bkb.name },
        { header: 'No. Body', width: 14, value: (r) => r.Unit.plate_number },
        { header: 'Lokasi', width: 22, value: (r) => r.location ?? '-' },
        { header: 'Kategori', width: 22, value: (r) => r.category },
        { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.performed_at },
        { header: 'Status', width: 10, value: (r) => r.status },
        { header: 'Diterima Server', width: 17, kind: 'datetime', value: (r) => r.createdAt },
      ],
    });
  });

  route(app, API.validateMismatch, async (req) => {
    return validateMismatch(app.db, currentUser(req), req.params.id, req.body, emit);
  });

  route(app, API.signMismatch, async (req) =>
    signMismatch(app.db, currentUser(req), req.params.id, req.body, emit),
  );

  route(app, API.reopenMismatch, async (req) => reopenMismatch(app.db, currentUser(req), req.params.id));

  route(app, API.deleteMismatch, async (req) =>
    deleteMismatch(app.db, currentUser(req), req.params.id, emit),
  );
};
