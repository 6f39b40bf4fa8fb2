import { MASTER_MESSAGES, ZIdParams, ZUnitBody, ZUnitListQuery } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getUnit, listUnits } from './units.queries';
import { createUnit, deleteUnit, updateUnit } from './units.service';

const M = MASTER_MESSAGES.unit;

export const unitsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['unit'];
  const list = { config: { roles: OFFICE }, schema: { tags, querystring: ZUnitListQuery } };
  // the spec calls GET /unit/ (with the slash); both spellings answer
  app.get('/unit', list, async (req) => listUnits(app.db, req.query));
  app.get('/unit/', list, async (req) => listUnits(app.db, req.query));

  app.get('/unit/:id', { config: { roles: OFFICE }, schema: { tags, params: ZIdParams } }, async (req) => {
    const row = await getUnit(app.db, req.params.id);
    if (!row) throw notFound('Unit');
    return row;
  });

  app.post('/unit', { config: { roles: OFFICE }, schema: { tags, body: ZUnitBody } }, async (req, reply) => {
    const id = await createUnit(app.db, currentUser(req).id, req.body);
    reply.status(201);
    return { message: M.created, data: await getUnit(app.db, id) };
  });

  app.put(
    '/unit/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams, body: ZUnitBody } },
    async (req) => {
      await updateUnit(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: M.updated, data: await getUnit(app.db, req.params.id) };
    },
  );

  app.delete('/unit/:id', { config: { roles: OFFICE }, schema: { tags, params: ZIdParams } }, async (req) => {
    await deleteUnit(app.db, currentUser(req).id, req.params.id);
    return { message: M.deleted, data: { id: req.params.id } };
  });
};
