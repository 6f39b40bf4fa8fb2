import { API } from '@itms/contracts/api';
import { WORKSHOP_MESSAGES } from '@itms/contracts/workshop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { currentUser } from '../../plugins/auth';
import { createWorkshopQueries } from './workshop.queries';
import { signBatch, signerOf } from './workshop.service';

/** Tanda Tangan Workshop: the office reads the queue; workshop signatories sign from it. */
export const workshopRoutes: FastifyPluginAsyncZod = async (app) => {
  const queries = createWorkshopQueries(app.db, app.config.timezone);

  // `q` searches the plate; dateStart/dateEnd filter the day the work was done
  route(app, API.listWorkshopQueue, async (req) => {
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
  });

  // 403 for a non-signatory; 409 naming the items signed, returned or deleted meanwhile
  route(app, API.signWorkshopItems, async (req) => {
    const result = await signBatch(app.db, currentUser(req).id, req.body);
    return { message: WORKSHOP_MESSAGES.signed(result.signed), ...result };
  });
};
