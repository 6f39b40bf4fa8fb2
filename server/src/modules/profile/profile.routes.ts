import {
  PROFILE_MESSAGES,
  ZPasswordChangeBody,
  ZPasswordChangeReply,
  ZProfile,
  ZProfileUpdateBody,
  ZProfileUpdateReply,
} from '@itms/contracts/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors';
import { ANY_USER } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { changePassword, getProfile, updateProfile } from './profile.service';

/** Profil saya: every signed-in user (the tire man's phone too) reads and edits their own account. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const config = { roles: ANY_USER };

  app.get('/me', { config, schema: { tags, response: { 200: ZProfile } } }, async (req) =>
    getProfile(app.db, currentUser(req).id),
  );

  app.put(
    '/me',
    { config, schema: { tags, body: ZProfileUpdateBody, response: { 200: ZProfileUpdateReply } } },
    async (req) => ({
      message: PROFILE_MESSAGES.saved,
      data: await updateProfile(app.db, currentUser(req).id, req.body),
    }),
  );

  app.put(
    '/me/password',
    { config, schema: { tags, body: ZPasswordChangeBody, response: { 200: ZPasswordChangeReply } } },
    async (req) => {
      if (!req.auth) throw unauthorized();
      const data = await changePassword(app.db, req.auth.user.id, req.auth.sessionId, req.body);
      return { message: PROFILE_MESSAGES.passwordChanged, data };
    },
  );
};
