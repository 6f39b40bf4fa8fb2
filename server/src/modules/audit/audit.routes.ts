import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { auditOptions, listAudit } from './audit.queries';

/** The audit log: who changed what, when, with the values before and after. Admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listAuditLog, async (req) => listAudit(app.db, req.query, app.config.timezone));

  route(app, API.getAuditOptions, async () => auditOptions(app.db));
};
