import { ZReturnsListQuery, ZReturnsPage } from '@itms/contracts/submission-returns';
import {
  CHECK_MESSAGES,
  type TCountReply,
  type TMessageReply,
  ZCheckQueueQuery,
  ZEdpSignBody,
  ZIdParams,
  ZPicSignBody,
  ZResubmitBody,
  ZReturnBody,
  ZTireCheckCreateBody,
  ZTireIdParams,
  ZTireMeasureBody,
  ZUnitIdParams,
  ZValidateBody,
} from '@itms/contracts/tire-checks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, FIELD, OFFICE } from '../../lib/roles';
import { listReturns } from '../../lib/submission-returns';
import { currentUser } from '../../plugins/auth';
import { fieldStatusTo } from '../field/field-status';
import { emitTireAlerts } from '../tire-intelligence/alert-broadcast';
import { createTireCheckQueries } from './tire-checks.queries';
import { createTireChecksService } from './tire-checks.service';

const tags = ['tire-checks'];

/** Tire checks: field submission (tire man), the EDP queue, the check form and its validation. */
export const tireChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTireChecksService(app.db, {
    notify: (id) => app.realtime.toOffice('new-notification', { kind: 'tire-check', id }),
    // the alert counts once the check's tires have their new forecasts (also when it had none)
    onValidated: () => void app.tireWear.drain().then(() => emitTireAlerts(app)),
    onFieldStatus: fieldStatusTo(app),
  });
  const queries = createTireCheckQueries(app.db, app.config.timezone);

  // ---- field side -------------------------------------------------------------------------------

  app.post(
    '/tire-check',
    { config: { roles: FIELD, idempotent: true }, schema: { tags, body: ZTireCheckCreateBody } },
    async (req, reply): Promise<TMessageReply> => {
      const id = await service.create(currentUser(req), req.body);
      reply.status(201);
      return { message: CHECK_MESSAGES.created, id };
    },
  );

  app.patch(
    '/tire-check/picSign/:id',
    {
      config: { roles: ANY_USER, idempotent: true },
      schema: { tags, params: ZIdParams, body: ZPicSignBody },
    },
    async (req): Promise<TMessageReply> => {
      await service.signPic(currentUser(req), req.params.id, req.body);
      return { message: CHECK_MESSAGES.picSigned, id: req.params.id };
    },
  );

  app.get(
    '/tire-check/returned',
    { config: { roles: FIELD }, schema: { tags, querystring: ZCheckQueueQuery } },
    async (req) => queries.returnedTo(currentUser(req).id, req.query),
  );

  app.put(
    '/tire-check/:id/resubmit',
    { config: { roles: FIELD, idempotent: true }, schema: { tags, params: ZIdParams, body: ZResubmitBody } },
    async (req): Promise<TMessageReply> => {
      await service.resubmit(currentUser(req), req.params.id, req.body);
      return { message: CHECK_MESSAGES.resubmitted, id: req.params.id };
    },
  );

  // ---- office side ------------------------------------------------------------------------------

  app.get(
    '/tire-check/noEdpSign',
    { config: { roles: OFFICE }, schema: { tags, querystring: ZCheckQueueQuery } },
    async (req) => queries.queue(req.query),
  );

  app.get(
    '/tire-check/returns',
    {
      config: { roles: OFFICE },
      schema: { tags, querystring: ZReturnsListQuery, response: { 200: ZReturnsPage } },
    },
    async (req) => listReturns(app.db, 'tire-check', req.query),
  );

  app.get(
    '/tire-check/today',
    { config: { roles: OFFICE }, schema: { tags } },
    async (): Promise<TCountReply> => ({ total: await queries.countToday() }),
  );

  app.get(
    '/tire-check/pending',
    { config: { roles: OFFICE }, schema: { tags } },
    async (): Promise<TCountReply> => ({ total: await queries.countPending() }),
  );

  app.get(
    '/tire-check/detail/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams } },
    async (req) => queries.detail(req.params.id),
  );

  app.get(
    '/tire-check-record/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams } },
    async (req) => queries.recordsOf(req.params.id),
  );

  app.get(
    '/active-unit-tire/:unitId',
    { config: { roles: OFFICE }, schema: { tags, params: ZUnitIdParams } },
    async (req) => queries.activeUnitTiresOf(req.params.unitId),
  );

  app.put(
    '/tire/:tireId',
    { config: { roles: OFFICE }, schema: { tags, params: ZTireIdParams, body: ZTireMeasureBody } },
    async (req) => ({
      message: CHECK_MESSAGES.tireUpdated,
      data: await service.measureTire(currentUser(req), req.params.tireId, req.body),
    }),
  );

  app.patch(
    '/tire-check/edpSign/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams, body: ZEdpSignBody } },
    async (req): Promise<TMessageReply> => {
      await service.signEdp(currentUser(req), req.params.id, req.body.edp_sign);
      return { message: CHECK_MESSAGES.edpSigned, id: req.params.id };
    },
  );

  app.post(
    '/tire-check/:id/validate',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams, body: ZValidateBody } },
    async (req): Promise<TMessageReply> => {
      await service.validate(currentUser(req), req.params.id, req.body);
      return { message: CHECK_MESSAGES.validated, id: req.params.id };
    },
  );

  app.put(
    '/tire-check/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams, body: ZReturnBody } },
    async (req): Promise<TMessageReply> => {
      await service.returnCheck(currentUser(req), req.params.id, req.body);
      return { message: CHECK_MESSAGES.returned, id: req.params.id };
    },
  );

  app.delete(
    '/tire-check/:id',
    { config: { roles: OFFICE }, schema: { tags, params: ZIdParams } },
    async (req): Promise<TMessageReply> => {
      await service.remove(currentUser(req), req.params.id);
      return { message: CHECK_MESSAGES.deleted, id: req.params.id };
    },
  );
};
