import { UNSIGNED } from '@itms/contracts/enums';
import type { TMessageReply } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkDetailKey } from './get-check-detail';
import { CHECK_QUEUE_KEY } from './get-check-queue';
import { checkRecordsKey } from './get-check-records';

/** PUT /tire-check/{id}: the Return; PIC and ITMS signatures go back to '-' and the tire man gets it back. */
export const returnCheck = (id: number) =>
  api.put<TMessageReply>(`/tire-check/${id}`, { pic_sign: UNSIGNED, itms_sign: UNSIGNED });

export function useReturnCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => returnCheck(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [CHECK_QUEUE_KEY] });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checkDetailKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: checkRecordsKey(id), refetchType: 'none' });
    },
  });
}
