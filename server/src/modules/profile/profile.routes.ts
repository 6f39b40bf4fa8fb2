import { API } from '@itms/contracts/api';
import { PROFILE_MESSAGES } from '@itms/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { unauthorized } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { changePassword, getProfile, updateProfile } from './profile.service';

/** Profil saya: every signed-in user (the tire man's phone too) reads and edits their own account. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.getProfile, async (req) => getProfile(app.db, currentUser(req).id));

  route(app, API.updateProfile, async (req) => ({
    message: PROFILE_MESSAGES.saved,
    data: await updateProfile(app.db, currentUser(req).id, req.body),
  }));

  route(app, API.changePassword, async (req) => {
    if (!req.auth) throw unauthorized();
    const { user, sessionId } = req.auth;
    const data = await changePassword(app.db, app.auth, { userId: user.id, sessionId, ip: req.ip }, req.body);
    // the other sessions' open pages are told and disconnected; this one stays
    if (data.ended) app.auth.sessionsRevoked(req.auth.user.id);
    return { message: PROFILE_MESSAGES.passwordChanged, data };
  });
};
