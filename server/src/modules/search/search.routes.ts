import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { globalSearch } from './search.queries';

/** The top bar's global search (office). */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.globalSearch, async (req) => globalSearch(app.db, req.query.q));
};
