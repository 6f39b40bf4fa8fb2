import { API } from '@itms/contracts/api';
import { REPLACEMENT_MESSAGES } from '@itms/contracts/tire-replacements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { badRequest } from '../../lib/errors';
import { sendPdf } from '../../lib/pdf';
import { listReturns } from '../../lib/submission-returns';
import { currentUser } from '../../plugins/auth';
import { renderReplacementPdf } from './replacement-pdf';
import {
  findSnLite,
  listHistory,
  listQueue,
  recordDetail,
  replacementDetail,
} from './tire-replacements.queries';
import {
  deleteReplacement,
  resubmitReplacement,
  returnReplacement,
  submitReplacement,
  swapRecordTire,
  updateRecordFields,
  validateReplacement,
} from './tire-replacements.service';

export const tireReplacementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = app.config.timezone;
  const emit = app.documentEvents.emit;

  // ---- field app (tire man) ----

  route(app, API.submitReplacement, async (req) => {
    const user = currentUser(req);
    const id = await submitReplacement(app.db, user, req.body, app.config.fieldMaxAgeDays);
    emit({ kind: 'tire-replacement', id, step: 'send', tiremanId: user.id });
    return { id, message: REPLACEMENT_MESSAGES.submitted };
  });

  route(app, API.resubmitReplacement, async (req) => {
    await resubmitReplacement(
      app.db,
      currentUser(req),
      req.params.id,
      req.body,
      app.config.fieldMaxAgeDays,
      emit,
    );
    return { id: req.params.id, message: REPLACEMENT_MESSAGES.resubmitted };
  });

  // ---- office (EDP) ----

  route(app, API.listReplacementQueue, async (req) => listQueue(app.db, tz, req.query));

  route(app, API.listReplacementReturns, async (req) => listReturns(app.db, 'tire-replacement', req.query));

  route(app, API.getReplacement, async (req) => replacementDetail(app.db, tz, req.params.id));

  route(app, API.printReplacement, async (req, reply) =>
    sendPdf(
      reply,
      await renderReplacementPdf({ db: app.db, storage: app.storage, timezone: tz }, req.params.id),
    ),
  );

  route(app, API.listReplacements, async (req) => listHistory(app.db, tz, req.query));

  route(app, API.validateReplacement, async (req) => {
    await validateReplacement(app.db, currentUser(req), req.params.id, req.body ?? {}, emit);
    return { message: REPLACEMENT_MESSAGES.validated };
  });

  route(app, API.updateReplacement, async (req) => {
    const user = currentUser(req);
    const b = req.body;
    if (b.status === 'approved') {
      await validateReplacement(app.db, user, req.params.id, b, emit);
      return { message: REPLACEMENT_MESSAGES.validated };
    }
    // the contract makes `reason` required (and trimmed) for a Return
    if (b.reason !== undefined) {
      const fields = (['pic_sign', 'itms_sign'] as const)
        .filter((f) => b[f] !== undefined && b[f] !== '-')
        .map((field) => ({ field, message: "Untuk mengembalikan pergantian isi dengan '-'" }));
      if (fields.length) throw badRequest(fields[0]!.message, fields);
      await returnReplacement(app.db, user, req.params.id, b.reason, emit);
      return { message: REPLACEMENT_MESSAGES.returned };
    }
    throw badRequest(
      "Kirim {edp_sign, status: 'approved'} untuk validasi atau {pic_sign: '-', itms_sign: '-', reason} untuk Return",
    );
  });

  route(app, API.deleteReplacement, async (req) => {
    await deleteReplacement(app.db, currentUser(req), req.params.id, emit);
    return { message: REPLACEMENT_MESSAGES.deleted };
  });

  route(app, API.getReplaceRecord, async (req) => recordDetail(app.db, req.params.id));

  route(app, API.updateReplaceRecord, async (req) => {
    const user = currentUser(req);
    const { tire_id, serial_number, ...fields } = req.body;
    const { changed } =
      tire_id != null
        ? await swapRecordTire(app.db, user, req.params.id, tire_id, serial_number)
        : await updateRecordFields(app.db, user, req.params.id, fields);
    return {
      message: changed ? REPLACEMENT_MESSAGES.recordUpdated : REPLACEMENT_MESSAGES.recordUnchanged,
      changed,
      data: await recordDetail(app.db, req.params.id),
    };
  });

  route(app, API.updateReplaceRecordHistory, async (req) => {
    const { changed } = await updateRecordFields(
      app.db,
      currentUser(req),
      req.query.c_id,
      req.body,
      req.query.p_id,
    );
    return {
      message: changed ? REPLACEMENT_MESSAGES.recordUpdated : REPLACEMENT_MESSAGES.recordUnchanged,
      changed,
      data: await recordDetail(app.db, req.query.c_id),
    };
  });

  // ---- tires (the parts the replacement screens need) ----

  const emptySearch = async () => {
    throw badRequest(REPLACEMENT_MESSAGES.emptySearch, [
      { field: 'text', message: REPLACEMENT_MESSAGES.emptySearch },
    ]);
  };
  route(app, API.findTireSerialsEmpty, emptySearch);
  route(app, API.findTireSerials, async (req) => {
    const text = req.params.text.trim();
    if (!text) return emptySearch();
    return findSnLite(app.db, text);
  });
};
