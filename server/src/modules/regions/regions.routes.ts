import { API } from '@itms/contracts/api';
import { MASTER_MESSAGES } from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
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

  route(app, API.listRegions, async () => listRegions(app.db));

  route(app, API.getRegion, async (req) => region(req.params.id));

  route(app, API.createRegion, async (req) => {
    const id = await createRegion(app.db, currentUser(req).id, req.body);
    return { message: MR.created, data: await region(id) };
  });

  route(app, API.updateRegion, async (req) => {
    await updateRegion(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: MR.updated, data: await region(req.params.id) };
  });

  route(app, API.deleteRegion, async (req) => {
    await deleteRegion(app.db, currentUser(req).id, req.params.id);
    return { message: MR.deleted, data: { id: req.params.id } };
  });

  route(app, API.listLocations, async (req) => listLocations(app.db, req.query.region_id));

  route(app, API.getLocation, async (req) => location(req.params.id));

  route(app, API.createLocation, async (req) => {
    const id = await createLocation(app.db, currentUser(req).id, req.body);
    return { message: ML.created, data: await location(id) };
  });

  route(app, API.updateLocation, async (req) => {
    await updateLocation(app.db, currentUser(req).id, req.params.id, req.body);
    return { message: ML.updated, data: await location(req.params.id) };
  });

  route(app, API.deleteLocation, async (req) => {
    await deleteLocation(app.db, currentUser(req).id, req.params.id);
    return { message: ML.deleted, data: { id: req.params.id } };
  });
};
