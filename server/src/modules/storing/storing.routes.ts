import { API } from '@itms/contracts/api';
import type { CallStatus } from '@itms/contracts/rules/storing';
import { STORING_MESSAGES as M, STORING_TARGET_MESSAGES } from '@itms/contracts/storing';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { callAssignedNotice } from '../push/push-notices';
import {
  assignCall,
  cancelCall,
  createCall,
  deleteTarget,
  getCall,
  listCalls,
  listTargets,
  saveTarget,
  stepCall,
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
