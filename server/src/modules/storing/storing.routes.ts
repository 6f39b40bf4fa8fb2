import { API } from '@itms/contracts/api';
import type { CallStatus } from '@itms/contracts/rules/storing';
import {
  STORING_MESSAGES as M,
  STORING_GROUP_LABELS,
  STORING_TARGET_MESSAGES,
  type TStoringReportRow,
} from '@itms/contracts/storing';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { sendXlsx } from '../../lib/xlsx-export';
import { currentUser } from '../../plugins/auth';
import { callAssignedNotice } from '../push/push-notices';
import {
  assignCall,
  callSuggestions,
  cancelCall,
  createCall,
  deleteTarget,
  getCall,
  listCalls,
  listTargets,
  saveTarget,
  stepCall,
  storingReport,
} from './storing.service';

/** The office and the assigned tire man hear of a call's change (after the commit). */
function tell(app: FastifyInstance, id: number, status: CallStatus, tiremanIds: (number | null)[]) {
  app.realtime.toOffice('storing-call', { id, status });
  for (const t of new Set(tiremanIds)) if (t != null) app.realtime.toUser(t, 'storing-call', { id, status });
}

/** Storing: breakdown calls logged, assigned, stepped through by the tire man, cancelled. */
export const storingRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listCalls, async (req) => listCalls(app.db, req.query, currentUser(req)));

  route(app, API.getCall, async (req) => getCall(app.db, req.params.id, currentUser(req)));

  route(app, API.listCallSuggestions, async (req) => ({
    data: await callSuggestions(app.db, req.params.id, await app.auth.onlineUserIds()),
  }));

  route(app, API.createCall, async (req) => {
    const user = currentUser(req);
    const id = await createCall(app.db, req.body, user);
    tell(app, id, 'new', []);
    return { message: M.created, data: await getCall(app.db, id, user) };
  });

  route(app, API.assignCall, async (req) => {
    const user = currentUser(req);
    const { status, previous } = await assignCall(app.db, req.params.id, req.body.tireman_id, user);
    tell(app, req.params.id, status, [req.body.tireman_id, previous]);
    const data = await getCall(app.db, req.params.id, user);
    // his phone hears of it with the app closed too (issue 39)
    app.push.notifyUser(req.body.tireman_id, callAssignedNotice(data));
    return { message: M.assigned, data };
  });

  route(app, API.stepCall, async (req) => {
    const user = currentUser(req);
    const { status, changed, tiremanId } = await stepCall(
      app.db,
      req.params.id,
      req.body,
      user,
      app.config.fieldMaxAgeDays,
    );
    if (changed) tell(app, req.params.id, status, [tiremanId]);
    return { message: M.stepped, data: await getCall(app.db, req.params.id, user) };
  });

  route(app, API.getStoringReport, async (req) => storingReport(app.db, req.query, app.config.timezone));

  route(app, API.exportStoringReport, async (req, reply) => {
    const report = await storingReport(app.db, req.query, app.config.timezone);
    const time = (v: number | null) => v ?? '';
    return sendXlsx<TStoringReportRow>(reply, {
      filename: `storing_${req.query.dateStart}_${req.query.dateEnd}`,
      sheet: 'Storing',
      title: 'Laporan Storing',
      period: { start: req.query.dateStart, end: req.query.dateEnd },
      filters: [['Per', STORING_GROUP_LABELS[req.query.groupBy]]],
      rows: report.rows,
      columns: [
        { header: STORING_GROUP_LABELS[req.query.groupBy], width: 26, value: (r) => r.label },
        { header: 'Panggilan', width: 11, value: (r) => r.calls },
        { header: 'Selesai', width: 9, value: (r) => r.done },
        { header: 'Dibatalkan', width: 11, value: (r) => r.cancelled },
        { header: 'Terbuka', width: 9, value: (r) => r.open },
        { header: 'Respons median (menit)', width: 14, value: (r) => time(r.response_median) },
        { header: 'Respons p90 (menit)', width: 14, value: (r) => time(r.response_p90) },
        { header: 'Roll time median (menit)', width: 14, value: (r) => time(r.roll_median) },
        { header: 'Roll time p90 (menit)', width: 14, value: (r) => time(r.roll_p90) },
        { header: 'Lewat target respons', width: 12, value: (r) => r.response_breaches },
        { header: 'Lewat target roll time', width: 12, value: (r) => r.roll_breaches },
      ],
      footer: (({ total: t }) => [
        t.label,
        t.calls,
        t.done,
        t.cancelled,
        t.open,
        t.response_median,
        t.response_p90,
        t.roll_median,
        t.roll_p90,
        t.response_breaches,
        t.roll_breaches,
      ])(report),
    });
  });

  route(app, API.listStoringTargets, async () => ({ data: await listTargets(app.db) }));

  route(app, API.saveStoringTarget, async (req) => ({
    message: STORING_TARGET_MESSAGES.saved,
    data: await saveTarget(app.db, req.body, currentUser(req)),
  }));

  route(app, API.deleteStoringTarget, async (req) => {
    await deleteTarget(app.db, req.params.id, currentUser(req));
    return { message: STORING_TARGET_MESSAGES.deleted };
  });

  route(app, API.cancelCall, async (req) => {
    const user = currentUser(req);
    const { status, tiremanId } = await cancelCall(app.db, req.params.id, req.body.reason, user);
    tell(app, req.params.id, status, [tiremanId]);
    return { message: M.cancelled, data: await getCall(app.db, req.params.id, user) };
  });
};
