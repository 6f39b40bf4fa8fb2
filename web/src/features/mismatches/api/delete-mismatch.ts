import { API } from '@itms/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey } from '../../../lib/api-client';

/** Hapus on Rekam BKB; every BKB list and detail is stale after it. */
export function useDeleteMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(API.deleteMismatch, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(API.deleteMismatch) }),
  });
}
