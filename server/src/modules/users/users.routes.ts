import { ZIdParams } from '@itms/contracts/master-data';
import {
  USER_MESSAGES,
  ZOwnSignatureBody,
  ZRegisterBody,
  ZTireManListQuery,
  ZTireManUpdateBody,
} from '@itms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ADMIN_ONLY, ANY_USER, OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { getTireMan, listTireMen, tireManOptions } from './users.queries';
import { deleteUser, registerUser, setOwnSignature, updateUser } from './users.service';

/** Tire Man admin (accounts): admins only, except the select list and one's own signature. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tire-man'];

  app.get(
    '/tire-man',
    { config: { roles: ADMIN_ONLY }, schema: { tags, querystring: ZTireManListQuery } },
    async (req) => listTireMen(app.db, req.query, await app.auth.onlineUserIds()),
  );

  app.get('/tire-man-field', { config: { roles: OFFICE }, schema: { tags } }, async () =>
    tireManOptions(app.db),
  );

  app.get(
    '/tire-man/:id',
    { config: { roles: ADMIN_ONLY }, schema: { tags, params: ZIdParams } },
    async (req) => {
      const row = await getTireMan(app.db, req.params.id, await app.auth.onlineUserIds());
      if (!row) throw notFound('User');
      return row;
    },
  );

  app.post(
    '/tire-man/register',
    { config: { roles: ADMIN_ONLY }, schema: { tags, body: ZRegisterBody } },
    async (req, reply) => {
      const data = await registerUser(app.db, currentUser(req).id, req.body);
      reply.status(201);
      return { message: USER_MESSAGES.registered, data };
    },
  );

  app.put(
    '/tire-man/me/signature',
    { config: { roles: ANY_USER }, schema: { tags, body: ZOwnSignatureBody } },
    async (req) => {
      const me = currentUser(req);
      await setOwnSignature(app.db, me.id, req.body.signature);
      return { message: USER_MESSAGES.signatureSaved, data: { id: me.id, signature: req.body.signature } };
    },
  );

  app.put(
    '/tire-man/:id',
    { config: { roles: ADMIN_ONLY }, schema: { tags, params: ZIdParams, body: ZTireManUpdateBody } },
    async (req) => {
      const actor = currentUser(req);
      const { revokeSessions } = await updateUser(app.db, actor.id, req.params.id, req.body);
      if (revokeSessions) app.auth.sessionsRevoked(req.params.id);
      const data = await getTireMan(app.db, req.params.id, await app.auth.onlineUserIds());
      return { message: USER_MESSAGES.updated, data };
    },
  );

  app.post(
    '/tire-man/:id/force-logout',
    { config: { roles: ADMIN_ONLY }, schema: { tags, params: ZIdParams } },
    async (req) => {
      const target = await getTireMan(app.db, req.params.id, new Set());
      if (!target) throw notFound('User');
      const revoked = await app.auth.revokeUserSessions(target.id, currentUser(req).id);
      return { message: USER_MESSAGES.forcedOut, data: { id: target.id, revoked } };
    },
  );

  app.delete(
    '/tire-man/:id',
    { config: { roles: ADMIN_ONLY }, schema: { tags, params: ZIdParams } },
    async (req) => {
      await deleteUser(app.db, currentUser(req).id, req.params.id);
      // the account is gone with its sessions: close its open pages
      app.realtime.toUser(req.params.id, 'session-clear', { reason: 'revoked' });
      return { message: USER_MESSAGES.deleted, data: { id: req.params.id } };
    },
  );
};
