import { API } from '@itms/contracts/api';
import { DIGEST_MESSAGES } from '@itms/contracts/digest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { conflict } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';

/** The daily WhatsApp digest (issue 39): its preview, and sending it now instead of at DIGEST_TIME. */
export const digestRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, API.getDigestPreview, async () => app.digest.preview());

  route(app, API.sendDigestNow, async (req) => {
    const day = app.digest.reportDay();
    const sent = await app.digest.sendDay(day, 'manual', currentUser(req).id);
    if (!sent) throw conflict(DIGEST_MESSAGES.alreadySent, 'DIGEST_ALREADY_SENT');
    return { message: DIGEST_MESSAGES.sending(sent.recipients), day, recipients: sent.recipients };
  });
};
