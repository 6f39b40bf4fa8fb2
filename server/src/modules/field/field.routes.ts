import {
  ZFieldBootstrap,
  ZFieldHistoryQuery,
  ZFieldHistoryRow,
  ZFieldReturnedDetail,
  ZFieldReturnedParams,
  ZFieldUnitSearchQuery,
  ZFieldUnitSearchRow,
} from '@itms/contracts/field';
import { listResult } from '@itms/contracts/list';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FIELD } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { history, searchUnits } from './field.queries';
import { bootstrap, returnedDetail } from './field.service';

const tags = ['field'];
const config = { roles: FIELD };

/** Reads of the field app (ITMS Lapangan): each tire man gets only what is his. */
export const fieldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/field/bootstrap',
    {
      config,
      schema: {
        tags,
        description:
          'Everything the phone needs offline. ETag (weak) over the body without server_time; ' +
          'If-None-Match with it gets 304 and no body.',
        response: { 200: ZFieldBootstrap, 304: z.null().describe('Not Modified') },
      },
    },
    async (req, reply) => {
      const { etag, body } = await bootstrap(app.db, currentUser(req).id, {
        tz: app.config.timezone,
        pullPointMm: app.config.tirePullPointMm,
        ifNoneMatch: req.headers['if-none-match'],
      });
      // private: the snapshot is this tire man's; no-cache: revalidate with the ETag every time
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // untyped reply: the body is already JSON text (built once to hash it), sent as it is
      const raw = reply as unknown as FastifyReply;
      if (body === null) return raw.code(304).send();
      return raw.type('application/json; charset=utf-8').send(body);
    },
  );

  app.get(
    '/field/units',
    {
      config,
      schema: {
        tags,
        querystring: ZFieldUnitSearchQuery,
        response: { 200: listResult(ZFieldUnitSearchRow) },
      },
    },
    async (req) => searchUnits(app.db, req.query),
  );

  app.get(
    '/field/history',
    {
      config,
      schema: { tags, querystring: ZFieldHistoryQuery, response: { 200: listResult(ZFieldHistoryRow) } },
    },
    async (req) => history(app.db, currentUser(req).id, req.query),
  );

  app.get(
    '/field/returned/:kind/:id',
    { config, schema: { tags, params: ZFieldReturnedParams, response: { 200: ZFieldReturnedDetail } } },
    async (req) => returnedDetail(app.db, currentUser(req).id, req.params.kind, req.params.id),
  );
};
