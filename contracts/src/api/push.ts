import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZPushKeyReply,
  ZPushMessageReply,
  ZPushStatusReply,
  ZPushSubscriptionBody,
  ZPushUnsubscribeQuery,
} from '../push';

/** Error codes of the Web Push operations beyond the generic ones. */
export const pushErrors = defineErrors({
  /** POST /push/test without a subscription. */
  PUSH_NOT_SUBSCRIBED: 409,
});

export const pushEndpoints = defineEndpoints({
  getPushKey: {
    method: 'GET',
    path: '/push/key',
    summary:
      "The server's VAPID public key (base64url), the applicationServerKey a browser subscribes with. The same for every process: made once by the first and kept in the database.",
    tag: 'push',
    access: 'any',
    reply: ZPushKeyReply,
  },
  savePushSubscription: {
    method: 'POST',
    path: '/push/subscription',
    summary:
      "Saves the browser's PushSubscription (its JSON) for the signed-in tire man; the same endpoint sent again replaces the keys (and moves to him if another account had it). 400 VALIDATION for a malformed subscription or a push service that is not a known one.",
    tag: 'push',
    invalidates: 'nothing',
    access: 'field',
    body: ZPushSubscriptionBody,
    reply: ZPushMessageReply,
  },
  deletePushSubscription: {
    method: 'DELETE',
    path: '/push/subscription',
    summary:
      "Removes one of the signed-in user's own subscriptions, by its endpoint; 404 when he has none with that endpoint (another user's is never touched).",
    tag: 'push',
    invalidates: 'nothing',
    access: 'field',
    query: ZPushUnsubscribeQuery,
    reply: ZPushMessageReply,
    errors: ['NOT_FOUND'],
  },
  getPushStatus: {
    method: 'GET',
    path: '/push/status',
    summary:
      'Whether the signed-in user has a working subscription, when a push service last accepted a message for him, and how his last notification ended.',
    tag: 'push',
    access: 'field',
    reply: ZPushStatusReply,
  },
  sendPushTest: {
    method: 'POST',
    path: '/push/test',
    summary:
      "Sends the signed-in user a test notification ('Notifikasi ITMS Lapangan aktif') to each of his subscriptions, after the reply; 409 PUSH_NOT_SUBSCRIBED when he has none.",
    tag: 'push',
    invalidates: 'nothing',
    access: 'field',
    reply: ZPushMessageReply,
    status: 202,
    errors: ['PUSH_NOT_SUBSCRIBED'],
  },
});
