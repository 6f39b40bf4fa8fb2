import { API } from '@itms/contracts/api';
import { PUSH_MESSAGES } from '@itms/contracts/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { conflict } from '../../lib/errors';
import { currentSessionId, currentUser } from '../../plugins/auth';

/**
 * Web Push (issue 39): the phone subscribes with the server's key; each subscription belongs to
 * the signed-in user (the body names no user), so nobody subscribes or unsubscribes someone else.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.getPushKey, async () => ({ public_key: app.push.publicKey }));

  route(app, API.savePushSubscription, async (req) => {
    await app.push.saveSubscription(
      currentUser(req).id,
      currentSessionId(req),
      req.body,
      req.headers['user-agent'],
    );
    return { message: PUSH_MESSAGES.subscribed };
  });

  route(app, API.deletePushSubscription, async (req) => {
    await app.push.deleteSubscription(currentUser(req).id, req.query.endpoint);
    return { message: PUSH_MESSAGES.unsubscribed };
  });

  route(app, API.getPushStatus, async (req) => app.push.status(currentUser(req).id));

  route(app, API.sendPushTest, async (req) => {
    const userId = currentUser(req).id;
    if (!(await app.push.subscriptionCount(userId))) {
      throw conflict(PUSH_MESSAGES.noSubscription, 'PUSH_NOT_SUBSCRIBED');
    }
    app.push.notifyUser(userId, {
      kind: 'test',
      title: PUSH_MESSAGES.testTitle,
      body: PUSH_MESSAGES.testBody,
      url: '/lapangan/profil',
    });
    return { message: PUSH_MESSAGES.testSent };
  });
};
