import { API } from '@itms/contracts/api';
import { INBOX_MESSAGES } from '@itms/contracts/inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';

/**
 * The office inbox (issue 39): every operation acts on the signed-in user's own items and choices
 * (no body or path names a user), so nobody reads or marks someone else's.
 */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.listInbox, async (req) => app.inbox.list(currentUser(req).id, req.query));

  route(app, API.getInboxUnreadCount, async (req) => ({
    unread: await app.inbox.unreadCount(currentUser(req).id),
  }));

  route(app, API.readInboxItem, async (req) => ({
    message: INBOX_MESSAGES.read,
    unread: await app.inbox.read(currentUser(req).id, req.params.id),
  }));

  route(app, API.readAllInbox, async (req) => ({
    message: INBOX_MESSAGES.allRead,
    unread: await app.inbox.readAll(currentUser(req).id),
  }));

  route(app, API.getInboxPreferences, async (req) => app.inbox.preferences(currentUser(req).id));

  route(app, API.saveInboxPreferences, async (req) => ({
    ...(await app.inbox.savePreferences(currentUser(req).id, req.body.preferences)),
    message: INBOX_MESSAGES.preferencesSaved,
  }));
};
