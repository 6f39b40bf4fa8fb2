import {
  MASTER_MESSAGES,
  ZDeletedReply,
  ZIdParams,
  ZLocationBody,
  ZLocationListQuery,
  ZLocationReply,
  ZLocationRow,
  ZRegionCreateBody,
  ZRegionReply,
  ZRegionRow,
  ZRegionUpdateBody,
} from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getLocation, getRegion, listLocations, listRegions } from './regions.queries';
import {
  createLocation,
  createRegion,
  deleteLocation,
  deleteRegion,
  updateLocation,
  updateRegion,
} from './regions.service';

const MR = MASTER_MESSAGES.region;
const ML = MASTER_MESSAGES.location;

/** Regions and locations: selects, the summary screen's Target Check, and the Region & Lokasi screen. */
export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['region'];
  const config = { roles: OFFICE };

  const region = async (id: number) => {
    const row = await getRegion(app.db, id);
    if (!row) throw notFound('Region');
    return row;
  };
  const location = async (id: number) => {
    const row = await getLocation(app.db, id);
    if (!row) throw notFound('Lokasi');
    return row;
  };

  app.get('/region', { config, schema: { tags, response: { 200: z.array(ZRegionRow) } } }, async () =>
    listRegions(app.db),
  );

  app.get(
    '/region/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZRegionRow } } },
    async (req) => region(req.params.id),
  );

  app.post(
    '/region',
    { config, schema: { tags, body: ZRegionCreateBody, response: { 201: ZRegionReply } } },
    async (req, reply) => {
      const id = await createRegion(app.db, currentUser(req).id, req.body);
      reply.status(201);
      return { message: MR.created, data: await region(id) };
    },
  );

  app.put(
    '/region/:id',
    { config, schema: { tags, params: ZIdParams, body: ZRegionUpdateBody, response: { 200: ZRegionReply } } },
    async (req) => {
      await updateRegion(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: MR.updated, data: await region(req.params.id) };
    },
  );

  app.delete(
    '/region/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZDeletedReply } } },
    async (req) => {
      await deleteRegion(app.db, currentUser(req).id, req.params.id);
      return { message: MR.deleted, data: { id: req.params.id } };
    },
  );

  app.get(
    '/location',
    { config, schema: { tags, querystring: ZLocationListQuery, response: { 200: z.array(ZLocationRow) } } },
    async (req) => listLocations(app.db, req.query.region_id),
  );

  app.get(
    '/location/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZLocationRow } } },
    async (req) => location(req.params.id),
  );

  app.post(
    '/location',
    { config, schema: { tags, body: ZLocationBody, response: { 201: ZLocationReply } } },
    async (req, reply) => {
      const id = await createLocation(app.db, currentUser(req).id, req.body);
      reply.status(201);
      return { message: ML.created, data: await location(id) };
    },
  );

  app.put(
    '/location/:id',
    { config, schema: { tags, params: ZIdParams, body: ZLocationBody, response: { 200: ZLocationReply } } },
    async (req) => {
      await updateLocation(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: ML.updated, data: await location(req.params.id) };
    },
  );

  app.delete(
    '/location/:id',
    { config, schema: { tags, params: ZIdParams, response: { 200: ZDeletedReply } } },
    async (req) => {
      await deleteLocation(app.db, currentUser(req).id, req.params.id);
      return { message: ML.deleted, data: { id: req.params.id } };
    },
  );
};
