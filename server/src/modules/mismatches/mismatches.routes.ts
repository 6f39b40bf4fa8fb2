import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { sendPdf } from '../../lib/pdf';
import { currentUser } from '../../plugins/auth';
import { fieldStatusTo } from '../field/field-status';
import { renderMismatchPdf } from './mismatch-pdf';
import { getDetail, listPending, searchRecords } from './mismatches.queries';
import {
  createMismatch,
  deleteMismatch,
  type MismatchEvents,
  reopenMismatch,
  signMismatch,
  validateMismatch,
} from './mismatches.service';

export const mismatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const events: MismatchEvents = { onFieldStatus: fieldStatusTo(app) };

  // field: a tire man reports a BKB
  route(app, API.createMismatch, async (req) => {
    const id = await createMismatch(app.db, currentUser(req).id, req.body);
    app.realtime.toOffice('new-missmatch', { id });
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

  route(app, API.validateMismatch, async (req) => {
    const reply = await validateMismatch(app.db, currentUser(req).id, req.params.id, req.body, events);
    app.tireWear.kick();
    return reply;
  });

  route(app, API.signMismatch, async (req) =>
    signMismatch(app.db, currentUser(req).id, req.params.id, req.body, events),
  );

  route(app, API.reopenMismatch, async (req) => reopenMismatch(app.db, currentUser(req).id, req.params.id));

  route(app, API.deleteMismatch, async (req) =>
    deleteMismatch(app.db, currentUser(req).id, req.params.id, events),
  );
};
