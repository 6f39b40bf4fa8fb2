import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, resourceKey } from '../../lib/api-client';

/** DELETE /tire-replacement/{id} (Hapus in the replacement's detail); `onDeleted` refreshes the screen's list. */
export function useDeleteReplacement(onDeleted?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.deleteReplacement, { params: { id } }),
    // the deleted one is not asked again (the dialog showing it closes)
    onSuccess: (_reply, id) =>
      queryClient.removeQueries({ queryKey: endpointKey(API.getReplacement, { params: { id } }) }),
    onSettled: () =>
      Promise.all([
        // the replacements and the lists they are in (EDP queue, returns, history)
        queryClient.invalidateQueries({ queryKey: resourceKey(API.deleteReplacement) }),
        onDeleted?.(),
      ]),
  });
}
