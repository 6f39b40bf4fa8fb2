import { API } from '@itms/contracts/api';
import { DEFECT_CODE_MESSAGES as M } from '@itms/contracts/defect-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { emitTireAlerts } from '../tire-intelligence/alert-broadcast';
import { createDefectCode, getDefectCode, listDefectCodes, updateDefectCode } from './defect-codes.service';

/** Katalog kerusakan: read by every signed-in user; added to and named by an admin. */
export const defectCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listDefectCodes, async () => listDefectCodes(app.db));

  route(app, API.createDefectCode, async (req) => {
    await createDefectCode(app.db, currentUser(req).id, req.body);
    // a code marked unsafe counts tires in Ban Kritis at once: the office's counts follow
    if (req.body.unsafe) emitTireAlerts(app);
    return { message: M.created, data: await getDefectCode(app.db, req.body.code) };
  });

  route(app, API.updateDefectCode, async (req) => {
    await updateDefectCode(app.db, currentUser(req).id, req.params.code, req.body);
    if (req.body.unsafe !== undefined) emitTireAlerts(app);
    return { message: M.updated, data: await getDefectCode(app.db, req.params.code) };
  });
};
