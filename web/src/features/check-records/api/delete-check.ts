import type { TMessageReply } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCheckRecords } from './search-check-records';

/** DELETE /tire-check/{id} (Hapus on Rekam Pengecekan). */
export function useDeleteCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<TMessageReply>(`/tire-check/${id}`),
    onSettled: () => invalidateCheckRecords(queryClient),
  });
}
