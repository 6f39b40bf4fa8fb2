import { MASTER_MESSAGES, ZIdParams, ZSopUpdateBody } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, ANY_USER } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { listSop, updateSop } from './sop.service';

export const sopRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['sop'];

  app.get('/sop', { config: { roles: ANY_USER }, schema: { tags } }, async () => listSop(app.db));

  app.put(
    '/sop/:id',
    { config: { roles: ADMIN_ONLY }, schema: { tags, params: ZIdParams, body: ZSopUpdateBody } },
    async (req) => {
      const data = await updateSop(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: MASTER_MESSAGES.sop.updated, data };
    },
  );
};
