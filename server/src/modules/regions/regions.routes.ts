import {
  MASTER_MESSAGES,
  ZIdParams,
  ZLocationListQuery,
  ZRegionUpdateBody,
} from '@itms/contracts/master-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getRegion, listLocations, listRegions } from './regions.queries';
import { updateRegion } from './regions.service';

/** Regions and locations for selects and the summary screen. */
export const regionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['region'];
  const config = { roles: OFFICE };

  app.get('/region', { config, schema: { tags } }, async () => listRegions(app.db));

  app.put(
    '/region/:id',
    { config, schema: { tags, params: ZIdParams, body: ZRegionUpdateBody } },
    async (req) => {
      await updateRegion(app.db, currentUser(req).id, req.params.id, req.body);
      return { message: MASTER_MESSAGES.region.updated, data: await getRegion(app.db, req.params.id) };
    },
  );

  app.get('/location', { config, schema: { tags, querystring: ZLocationListQuery } }, async (req) =>
    listLocations(app.db, req.query.region_id),
  );
};
