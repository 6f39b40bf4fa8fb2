import { ZAuditListQuery } from '@itms/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY } from '../../lib/roles';
import { auditOptions, listAudit } from './audit.queries';

/** The audit log: who changed what, when, with the values before and after. Admins only. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['audit'];
  const config = { roles: ADMIN_ONLY };

  app.get('/audit', { config, schema: { tags, querystring: ZAuditListQuery } }, async (req) =>
    listAudit(app.db, req.query, app.config.timezone),
  );

  app.get('/audit/options', { config, schema: { tags } }, async () => auditOptions(app.db));
};
