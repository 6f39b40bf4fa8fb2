import { API } from '@itms/contracts/api';
import { useWrite } from '../../lib/write';

/**
 * Saves the editable Target Check of a region's card (updateRegion with `{ target_check }` alone);
 * the check summaries (this page and the dashboard's table) and the regions reload from the
 * operation's declaration.
 */
export function useSaveTargetCheck() {
  return useWrite(API.updateRegion, ({ id, target_check }: { id: number; target_check: number | null }) => ({
    params: { id },
    body: { target_check },
  }));
}
