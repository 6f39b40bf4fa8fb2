import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { assertVisiblePaths } from './file-access';

export const fileUrlRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.signFileUrls, async (req) => {
    await assertVisiblePaths(app.db, currentUser(req), req.body.paths);
    return app.fileUrls.sign(req.body.paths);
  });
};
