import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.getHealth, async (_req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { status: 'ok', database: app.database.driver };
    } catch {
      return reply
        .status(503)
        .send({ statusCode: 503, code: 'INTERNAL', message: 'Database tidak dapat dihubungi' });
    }
  });
};
