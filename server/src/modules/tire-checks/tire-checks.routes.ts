import { API } from '@itms/contracts/api';
import { CHECK_MESSAGES } from '@itms/contracts/tire-checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { sendPdf } from '../../lib/pdf';
import { listReturns } from '../../lib/submission-returns';
import { currentUser } from '../../plugins/auth';
import { renderCheckPdf } from './check-pdf';
import { createTireCheckQueries } from './tire-checks.queries';
import { createTireChecksService } from './tire-checks.service';

/** Tire checks: field submission (tire man), the EDP queue, the check form and its validation. */
export const tireChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTireChecksService(app.db, {
    emit: app.documentEvents.emit,
    fieldMaxAgeDays: app.config.fieldMaxAgeDays,
  });
  const queries = createTireCheckQueries(app.db, app.config.timezone);

  // ---- field side -------------------------------------------------------------------------------

  route(app, API.createTireCheck, async (req) => {
    const id = await service.create(currentUser(req), req.body);
    return { message: CHECK_MESSAGES.created, id };
  });

  route(app, API.signTireCheckPic, async (req) => {
    await service.signPic(currentUser(req), req.params.id, req.body);
    return { message: CHECK_MESSAGES.picSigned, id: req.params.id };
  });

  route(app, API.listReturnedTireChecks, async (req) => queries.returnedTo(currentUser(req).id, req.query));

  route(app, API.resubmitTireCheck, async (req) => {
    await service.resubmit(currentUser(req), req.params.id, req.body);
    return { message: CHECK_MESSAGES.resubmitted, id: req.params.id };
  });

  // ---- office side ------------------------------------------------------------------------------

  route(app, API.listTireCheckQueue, async (req) => queries.queue(req.query));

  route(app, API.listTireCheckReturns, async (req) => listReturns(app.db, 'tire-check', req.query));

  route(app, API.countTireChecksToday, async () => ({ total: await queries.countToday() }));

  route(app, API.countPendingTireChecks, async () => ({ total: await queries.countPending() }));

  route(app, API.getTireCheck, async (req) => queries.detail(req.params.id));

  route(app, API.printTireCheck, async (req, reply) => {
    const pdf = await renderCheckPdf(
      { db: app.db, storage: app.storage, timezone: app.config.timezone },
      req.params.id,
    );
    return sendPdf(reply, pdf);
  });

  route(app, API.listTireCheckRecords, async (req) => queries.recordsOf(req.params.id));

  route(app, API.getActiveUnitTires, async (req) => queries.activeUnitTiresOf(req.params.unitId));

  route(app, API.measureTire, async (req) => ({
    message: CHECK_MESSAGES.tireUpdated,
    data: await service.measureTire(currentUser(req), req.params.id, req.body),
  }));

  route(app, API.signTireCheckEdp, async (req) => {
    await service.signEdp(currentUser(req), req.params.id, req.body.edp_sign);
    return { message: CHECK_MESSAGES.edpSigned, id: req.params.id };
  });

  route(app, API.validateTireChecksBulk, async (req) => {
    const ids = await service.validateBulk(currentUser(req), req.body);
    return { message: CHECK_MESSAGES.bulkValidated(ids.length), ids };
  });

  route(app, API.validateTireCheck, async (req) => {
    await service.validate(currentUser(req), req.params.id, req.body);
    return { message: CHECK_MESSAGES.validated, id: req.params.id };
  });

  route(app, API.returnTireCheck, async (req) => {
    await service.returnCheck(currentUser(req), req.params.id, req.body);
    return { message: CHECK_MESSAGES.returned, id: req.params.id };
  });

  route(app, API.deleteTireCheck, async (req) => {
    await service.remove(currentUser(req), req.params.id);
    return { message: CHECK_MESSAGES.deleted, id: req.params.id };
  });
};
