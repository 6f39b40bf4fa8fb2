import { defineEndpoints, defineErrors } from '../endpoint';
import { ZWorkshopQueuePage, ZWorkshopQueueQuery, ZWorkshopSignBody, ZWorkshopSignReply } from '../workshop';

/** Error codes of the workshop operations beyond the generic ones. */
export const workshopErrors = defineErrors({
  /**
   * Some items of a batch were signed, returned or deleted meanwhile (`fields` names each one):
   * nothing was signed.
   */
  WORKSHOP_ITEMS_CHANGED: 409,
});

export const workshopEndpoints = defineEndpoints({
  listWorkshopQueue: {
    method: 'GET',
    path: '/workshop/queue',
    summary:
      'Validated checks and replacements without the workshop signature, oldest validation first (order=newest: the newest), with whether the caller may sign.',
    tag: 'workshop',
    access: 'workshop',
    query: ZWorkshopQueueQuery,
    reply: ZWorkshopQueuePage,
  },
  signWorkshopItems: {
    method: 'POST',
    path: '/workshop/sign',
    summary:
      'Gives the workshop signature to a batch of checks and replacements in one transaction (all or nothing).',
    tag: 'workshop',
    invalidates: ['reports'],
    access: 'workshop',
    body: ZWorkshopSignBody,
    reply: ZWorkshopSignReply,
    errors: ['WORKSHOP_ITEMS_CHANGED'],
  },
});
