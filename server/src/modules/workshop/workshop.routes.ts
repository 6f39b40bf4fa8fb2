import {
  WORKSHOP_MESSAGES,
  ZWorkshopQueuePage,
  ZWorkshopQueueQuery,
  ZWorkshopSignBody,
  ZWorkshopSignReply,
} from '@itms/contracts/workshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OFFICE } from '../../lib/roles';
import { currentUser } from '../../plugins/auth';
import { createWorkshopQueries } from './workshop.queries';
import { signBatch, signerOf } from './workshop.service';

const tags = ['workshop'];

/** Tanda Tangan Workshop: the office reads the queue; workshop signatories sign from it. */
export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const queries = createWorkshopQueries(app.db, app.config.timezone);

  app.get(
    '/workshop/queue',
    {
      config: { roles: OFFICE },
      schema: {
        tags,
        description:
          'Validated checks and replacements without the workshop signature, newest validation first. ' +
          '`q` searches the plate; dateStart/dateEnd filter the day the work was done.',
        querystring: ZWorkshopQueueQuery,
        response: { 200: ZWorkshopQueuePage },
      },
    },
    async (req) => {
      const [{ data, total }, me] = await Promise.all([
        queries.queue(req.query),
        signerOf(app.db, currentUser(req).id),
      ]);
      return {
        data,
        total,
        page: req.query.page,
        pageSize: req.query.pageSize,
        can_sign: me.signatory,
        has_signature: me.signature !== null,
        signature: me.signature,
      };
    },
  );

  app.post(
    '/workshop/sign',
    {
      config: { roles: OFFICE },
      schema: {
        tags,
        description:
          'Signs every item with `workshop_sign` (an upload of the signer) or the stored signature, ' +
          'in one transaction: 403 for a non-signatory; 409 naming the items signed, returned or ' +
          'deleted meanwhile, and nothing signed.',
        body: ZWorkshopSignBody,
        response: { 200: ZWorkshopSignReply },
      },
    },
    async (req) => {
      const result = await signBatch(app.db, currentUser(req).id, req.body);
      return { message: WORKSHOP_MESSAGES.signed(result.signed), ...result };
    },
  );
};
