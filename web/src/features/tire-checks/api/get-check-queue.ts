import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TCheckQueueRow } from '@itms/contracts/tire-checks';
import { usePagedList } from '../../../lib/use-paged-list';

/** Query key prefix of the EDP queue (invalidated after a validation or a return). */
export const CHECK_QUEUE_KEY = 'tire-check-queue';
/** Query key of the 'Dikembalikan' view (GET /tire-check/returns). */
export const CHECK_RETURNS_KEY = 'tire-check-returns';

/** GET /tire-check/noEdpSign: checks without EDP signature, newest first, server-paged. */
export function useCheckQueue() {
  return usePagedList<TCheckQueueRow>({
    key: CHECK_QUEUE_KEY,
    path: '/tire-check/noEdpSign',
    sizes: PAGE_SIZES.validation,
  });
}
