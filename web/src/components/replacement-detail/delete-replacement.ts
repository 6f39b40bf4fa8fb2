import { API } from '@itms/contracts/api';
import { useQueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../lib/api-client';
import { useWrite } from '../../lib/write';

/**
 * DELETE /tire-replacement/{id} (Hapus in the replacement's detail); `onDeleted` refreshes the
 * screen's list, the lists the replacement was in reload from the operation's declaration.
 */
export function useDeleteReplacement(onDeleted?: () => unknown) {
  const queryClient = useQueryClient();
  return useWrite(API.deleteReplacement, (id: number) => ({ params: { id } }), {
    // the deleted one is not asked again (the dialog showing it closes)
    onSuccess: (_reply, id) =>
      queryClient.removeQueries({ queryKey: endpointKey(API.getReplacement, { params: { id } }) }),
    onSettled: () => onDeleted?.(),
  });
}
