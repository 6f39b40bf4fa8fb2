import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { REPLACEMENT_DETAIL_KEY } from './get-replacement-detail';

/** DELETE /tire-replacement/{id} (Hapus in the replacement's detail); `onDeleted` refreshes the screen's list. */
export function useDeleteReplacement(onDeleted?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/tire-replacement/${id}`),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: [REPLACEMENT_DETAIL_KEY] }), onDeleted?.()]),
  });
}
