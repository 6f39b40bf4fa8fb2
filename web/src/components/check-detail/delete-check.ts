import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../lib/api-client';

/** DELETE /tire-check/{id} (Hapus in the check's detail); `onDeleted` refreshes the screen's list. */
export function useDeleteCheck(onDeleted?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.deleteTireCheck, { params: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKey(API.getTireCheck) }),
        onDeleted?.(),
      ]),
  });
}
