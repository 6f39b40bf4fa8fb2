import { ZDigestPreviewReply, ZDigestSendReply } from '../digest';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the daily digest beyond the generic ones. */
export const digestErrors = defineErrors({
  /** POST /digest/send-now when yesterday's digest was sent (or claimed) already. */
  DIGEST_ALREADY_SENT: 409,
});

export const digestEndpoints = defineEndpoints({
  getDigestPreview: {
    method: 'GET',
    path: '/digest/preview',
    summary:
      "Yesterday's daily WhatsApp digest (APP_TIMEZONE) as it would be sent now: its numbers, the message, the recipients (admins with a phone number) and whether the day was sent already. Sends nothing.",
    tag: 'digest',
    access: 'admin',
    reply: ZDigestPreviewReply,
  },
  sendDigestNow: {
    method: 'POST',
    path: '/digest/send-now',
    summary:
      "Sends yesterday's daily digest now instead of at DIGEST_TIME: claims the day (the schedule then sends nothing for it, on any process) and sends to each recipient after the reply, retried with backoff and recorded in digest_deliveries. 409 DIGEST_ALREADY_SENT when the day was claimed already.",
    tag: 'digest',
    invalidates: 'nothing',
    access: 'admin',
    reply: ZDigestSendReply,
    status: 202,
    errors: ['DIGEST_ALREADY_SENT'],
  },
});
