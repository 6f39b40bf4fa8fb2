import { MASTER_MESSAGES, ZIdParams, ZUnitBody, ZUnitListQuery } from '@itms/contracts/master-data';
import {
  FITTING_MESSAGES,
  ZUnitFittingReply,
  ZUnitMountBody,
  ZUnitMoveBody,
  ZUnitUnmountBody,
  ZUnitWheels,
} from '@itms/contracts/unit-fitting';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { mountFromStock, moveBetweenPositions, unitWheelsView, unmountToStock } from '../fleet/fitting';
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

  // ---- fitting tires from the office: the unit's wheel slots and the moves on them ----

  const fitting = <B extends z.ZodType>(body: B) => ({
    config: { roles: OFFICE },
    schema: { tags, params: ZIdParams, body, response: { 200: ZUnitFittingReply } },
  });
  const after = async (id: number, message: string) => {
    app.tireWear.kick();
    return { message, data: await unitWheelsView(app.db, id) };
  };

  app.get(
    '/unit/:id/wheels',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams, response: { 200: ZUnitWheels } } },
    async (req) => unitWheelsView(app.db, req.params.id),
  );

  app.post('/unit/:id/mount', fitting(ZUnitMountBody), async (req) => {
    await mountFromStock(app.db, currentUser(req).id, req.params.id, req.body);
    return after(req.params.id, FITTING_MESSAGES.mounted);
  });

  app.post('/unit/:id/unmount', fitting(ZUnitUnmountBody), async (req) => {
    await unmountToStock(app.db, currentUser(req).id, req.params.id, req.body);
    return after(
      req.params.id,
      req.body.to === 'SCRAP' ? FITTING_MESSAGES.scrapped : FITTING_MESSAGES.unmounted,
    );
  });

  app.post('/unit/:id/move', fitting(ZUnitMoveBody), async (req) => {
    const done = await moveBetweenPositions(app.db, currentUser(req).id, req.params.id, req.body);
    return after(req.params.id, done === 'swapped' ? FITTING_MESSAGES.swapped : FITTING_MESSAGES.moved);
  });
};
