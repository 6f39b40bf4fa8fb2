import { UNSIGNED } from '@itms/contracts/enums';
import type { TMessageReply } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkDetailKey } from './get-check-detail';
import { CHECK_QUEUE_KEY, CHECK_RETURNS_KEY } from './get-check-queue';
import { checkRecordsKey } from './get-check-records';

/**
 * PUT /tire-check/{id}: the Return with its reason; PIC and ITMS signatures go back to '-' and the
 * tire man gets it back.
 */
export const returnCheck = (id: number, reason: string) =>
  api.put<TMessageReply>(`/tire-check/${id}`, { pic_sign: UNSIGNED, itms_sign: UNSIGNED, reason });

export function useReturnCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => returnCheck(id, reason),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [CHECK_QUEUE_KEY] });
      void queryClient.invalidateQueries({ queryKey: [CHECK_RETURNS_KEY] });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checkDetailKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: checkRecordsKey(id), refetchType: 'none' });
    },
  });
}
