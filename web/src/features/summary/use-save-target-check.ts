import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, resourceKey } from '../../lib/api-client';

/**
 * Saves the editable Target Check of a region's card (updateRegion with `{ target_check }` alone),
 * then refreshes the check summaries (this page and the dashboard's table) and what was read of
 * the regions.
 */
export function useSaveTargetCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, target_check }: { id: number; target_check: number | null }) =>
      call(API.updateRegion, { params: { id }, body: { target_check } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(API.getCheckSummary) }),
        queryClient.invalidateQueries({ queryKey: resourceKey(API.updateRegion) }),
      ]),
  });
}
