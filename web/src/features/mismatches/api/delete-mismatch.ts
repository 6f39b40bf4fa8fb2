import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMismatches } from './list-mismatches';

/** DELETE /mismatch/{id} (Hapus on Rekam BKB). */
export function useDeleteMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/mismatch/${id}`),
    onSettled: () => invalidateMismatches(queryClient),
  });
}
