import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMismatches } from './list-mismatches';

/** PATCH /mismatch/{id}/reopen (Kembalikan): an approved BKB goes back to the validation list. */
export function useReopenMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.patch<{ message: string }>(`/mismatch/${id}/reopen`),
    onSettled: () => invalidateMismatches(queryClient),
  });
}
