import type { TMessageReply } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { CHECK_DETAIL_KEY } from './get-check-detail';

/** DELETE /tire-check/{id} (Hapus in the check's detail); `onDeleted` refreshes the screen's list. */
export function useDeleteCheck(onDeleted?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<TMessageReply>(`/tire-check/${id}`),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [CHECK_DETAIL_KEY] }), onDeleted?.()]),
  });
}
