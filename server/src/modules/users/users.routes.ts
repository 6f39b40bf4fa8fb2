import { API } from '@itms/contracts/api';
import { INVITE_VALID_DAYS, inviteText, USER_MESSAGES } from '@itms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { AppError, notFound } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { getTireMan, listTireMen, tireManOptions } from './users.queries';
import { deleteUser, registerUser, setOwnSignature, updateUser } from './users.service';

/** Tire Man admin (accounts): admins only, except the select list and one's own signature. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listTireMen, async (req) => listTireMen(app.db, req.query, await app.auth.onlineUserIds()));

  route(app, API.listTireManOptions, async () => tireManOptions(app.db));

  route(app, API.getTireMan, async (req) => {
    const row = await getTireMan(app.db, req.params.id, await app.auth.onlineUserIds());
    if (!row) throw notFound('User');
    return row;
  });

  route(app, API.registerTireMan, async (req) => {
    const data = await registerUser(app.db, currentUser(req).id, req.body);
    return { message: USER_MESSAGES.registered, data };
  });

  route(app, API.saveOwnSignature, async (req) => {
    const me = currentUser(req);
    await setOwnSignature(app.db, me.id, req.body.signature);
    return { message: USER_MESSAGES.signatureSaved, data: { id: me.id, signature: req.body.signature } };
  });

  route(app, API.updateTireMan, async (req) => {
    const actor = currentUser(req);
    const { revokeSessions } = await updateUser(app.db, actor.id, req.params.id, req.body);
    if (revokeSessions) app.auth.sessionsRevoked(req.params.id);
    // one's own role changed (no sessions end): the open pages join or leave the office room
    else app.realtime.recheckUser(req.params.id);
    const data = await getTireMan(app.db, req.params.id, await app.auth.onlineUserIds());
    // deleted by someone else between the save and this read
    if (!data) throw notFound('User');
    return { message: USER_MESSAGES.updated, data };
  });

  route(app, API.forceLogoutTireMan, async (req) => {
    const target = await getTireMan(app.db, req.params.id, new Set());
    if (!target) throw notFound('User');
    const revoked = await app.auth.revokeUserSessions(target.id, currentUser(req).id);
    return { message: USER_MESSAGES.forcedOut, data: { id: target.id, revoked } };
  });

  route(app, API.inviteTireMan, async (req) => {
    const invite = await app.auth.createInvite(req.params.id, INVITE_VALID_DAYS * 24 * 60);
    if (!invite) throw notFound('User');
    const link = `${app.config.publicUrl}/reset-password?token=${invite.token}`;
    try {
      await app.whatsapp.send(
        invite.phone,
        inviteText({ name: invite.name, customer: invite.customer, link }),
      );
    } catch (err) {
      // nobody received the link: withdraw it, and the admin can send again
      await app.auth.cancelPasswordLinks(invite.id);
      req.log.error({ err }, 'WhatsApp invitation not sent');
      throw new AppError(502, 'WHATSAPP_FAILED', USER_MESSAGES.inviteFailed);
    }
    return {
      message: USER_MESSAGES.inviteSent,
      data: { id: invite.id, phone: invite.phone, expires_at: invite.expiresAt.toISOString() },
    };
  });

  route(app, API.deleteTireMan, async (req) => {
    await deleteUser(app.db, currentUser(req).id, req.params.id);
    // the account is gone with its sessions: its open pages are told and disconnected
    app.auth.sessionsRevoked(req.params.id);
    return { message: USER_MESSAGES.deleted, data: { id: req.params.id } };
  });
};
