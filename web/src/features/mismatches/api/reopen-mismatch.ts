import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey } from '../../../lib/api-client';

/** Kembalikan: an approved BKB goes back to the validation list; every BKB list and detail is stale. */
export function useReopenMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.reopenMismatch, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(API.reopenMismatch) }),
  });
}
