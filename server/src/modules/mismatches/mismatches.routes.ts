import { listResult } from '@itms/contracts/list';
import {
  ZMessageReply,
  ZMismatchCreateBody,
  ZMismatchCreateReply,
  ZMismatchDetail,
  ZMismatchIdParams,
  ZMismatchPendingQuery,
  ZMismatchPendingRow,
  ZMismatchRecordRow,
  ZMismatchRecordSearchBody,
  ZMismatchSignatureBody,
  ZMismatchValidateBody,
  ZMismatchValidateReply,
} from '@itms/contracts/mismatches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIELD, OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { fieldStatusTo } from '../field/field-status';
import { getDetail, listPending, searchRecords } from './mismatches.queries';
import {
  createMismatch,
  deleteMismatch,
  type MismatchEvents,
  reopenMismatch,
  signMismatch,
  validateMismatch,
} from './mismatches.service';

const tags = ['mismatch (BKB)'];

export const mismatchesRoutes: FastifyPluginAsyncZod = async (app) => {
  const events: MismatchEvents = { onFieldStatus: fieldStatusTo(app) };

  // field: a tire man reports a BKB
  app.post(
    '/mismatch',
    {
      config: { roles: FIELD, idempotent: true },
      schema: { tags, body: ZMismatchCreateBody, response: { 201: ZMismatchCreateReply } },
    },
    async (req, reply) => {
      const id = await createMismatch(app.db, currentUser(req).id, req.body);
      app.realtime.toOffice('new-missmatch', { id });
      reply.status(201);
      return { id };
    },
  );

  app.get(
    '/mismatch-validation',
    {
      config: { roles: OFFICE },
      schema: {
        tags,
        querystring: ZMismatchPendingQuery,
        response: { 200: listResult(ZMismatchPendingRow) },
      },
    },
    async (req) => listPending(app.db, req.query),
  );

  app.get(
    '/mismatch/detail/:id',
    {
      config: { roles: OFFICE },
      schema: { tags, params: ZMismatchIdParams, response: { 200: ZMismatchDetail } },
    },
    async (req) => getDetail(app.db, req.params.id),
  );

  app.post(
    '/mismatch/querry/record/search',
    {
      config: { roles: OFFICE },
      schema: { tags, body: ZMismatchRecordSearchBody, response: { 200: listResult(ZMismatchRecordRow) } },
    },
    async (req) => searchRecords(app.db, req.body, app.config.timezone),
  );

  app.post(
    '/mismatch/:id/validate',
    {
      config: { roles: OFFICE },
      schema: {
        tags,
        params: ZMismatchIdParams,
        body: ZMismatchValidateBody,
        response: { 200: ZMismatchValidateReply },
      },
    },
    async (req) => {
      const reply = await validateMismatch(app.db, currentUser(req).id, req.params.id, req.body, events);
      app.tireWear.kick();
      return reply;
    },
  );

  app.patch(
    '/mismatch/signature/:id',
    {
      config: { roles: OFFICE },
      schema: {
        tags,
        params: ZMismatchIdParams,
        body: ZMismatchSignatureBody,
        response: { 200: ZMessageReply },
      },
    },
    async (req) => signMismatch(app.db, currentUser(req).id, req.params.id, req.body, events),
  );

  app.patch(
    '/mismatch/:id/reopen',
    {
      config: { roles: OFFICE },
      schema: { tags, params: ZMismatchIdParams, response: { 200: ZMessageReply } },
    },
    async (req) => reopenMismatch(app.db, currentUser(req).id, req.params.id),
  );

  app.delete(
    '/mismatch/:id',
    {
      config: { roles: OFFICE },
      schema: { tags, params: ZMismatchIdParams, response: { 200: ZMessageReply } },
    },
    async (req) => deleteMismatch(app.db, currentUser(req).id, req.params.id, events),
  );
};
