import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TReplacementRow } from '@itms/contracts/tire-replacements';
import { usePagedList } from '../../../lib/use-paged-list';

export const PENDING_REPLACEMENTS_KEY = 'tire-replace-pending';
/** Query key of the 'Dikembalikan' view (GET /tire-replacement/returns). */
export const REPLACEMENT_RETURNS_KEY = 'tire-replacement-returns';

/** GET /tire-replace/pending?status=edp: replacements waiting for the EDP, newest first, server-paged. */
export function usePendingReplacements() {
  return usePagedList<TReplacementRow>({
    key: PENDING_REPLACEMENTS_KEY,
    path: '/tire-replace/pending',
    sizes: PAGE_SIZES.validation,
    filters: { status: 'edp' },
  });
}
