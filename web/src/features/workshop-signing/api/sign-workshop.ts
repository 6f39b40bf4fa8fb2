import { API } from '@itms/contracts/api';
import type { TWorkshopSignBody } from '@itms/contracts/workshop';
import { useWrite } from '../../../lib/write';

/**
 * POST /workshop/sign: the selected items, all or nothing. The queue and the reports read from the
 * checks (the dashboard counters and the Summary's WS column) reload from the operation's
 * declaration, also after a 409 (which items changed meanwhile).
 */
export function useSignWorkshop() {
  return useWrite(API.signWorkshopItems, (body: TWorkshopSignBody) => ({ body }), {
    // the page shows the refusal itself (which items changed meanwhile)
    meta: { silent: true },
  });
}
