import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateReplacementRecords } from './search-replacement-records';

/** DELETE /tire-replacement/{id} (Hapus on Riwayat Pergantian). */
export function useDeleteReplacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/tire-replacement/${id}`),
    onSettled: () => invalidateReplacementRecords(queryClient),
  });
}
