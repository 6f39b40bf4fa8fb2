import { API } from '@itms/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { fieldUnit, history, searchUnits, tiremanPlan } from './field.queries';
import { bootstrap, returnedDetail } from './field.service';

/** Reads of the field app (ITMS Lapangan): each tire man gets only what is his. */
export const fieldRoutes: FastifyPluginAsyncZod = async (app) => {
  // ETag (weak) over the body without server_time; If-None-Match with it gets 304 and no body
  route(app, API.getFieldBootstrap, async (req, reply) => {
    const { etag, body } = await bootstrap(app.db, currentUser(req).id, {
      tz: app.config.timezone,
      pullPointMm: app.config.tirePullPointMm,
      ifNoneMatch: req.headers['if-none-match'],
    });
    // private: the snapshot is this tire man's; no-cache: revalidate with the ETag every time
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (body === null) return reply.code(304).send();
    // the body is already JSON text (built once to hash it), sent as it is
    return reply.type('application/json; charset=utf-8').send(body);
  });

  route(app, API.searchFieldUnits, async (req) => searchUnits(app.db, req.query));

  route(app, API.getFieldUnit, async (req) => fieldUnit(app.db, req.params.id, app.config.timezone));

  route(app, API.getTiremanPlan, async (req) => tiremanPlan(app.db, req.params.id, app.config.timezone));

  route(app, API.listFieldHistory, async (req) => history(app.db, currentUser(req).id, req.query));

  route(app, API.getFieldReturned, async (req) =>
    returnedDetail(app.db, currentUser(req).id, req.params.kind, req.params.id),
  );
};
