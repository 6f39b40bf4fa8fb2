import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';

export const fileUrlRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.signFileUrls, async (req) => app.fileUrls.sign(req.body.paths));
};
