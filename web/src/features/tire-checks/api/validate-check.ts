import type { TMessageReply, TTireMeasurement } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { checkDetailKey } from './get-check-detail';
import { CHECK_QUEUE_KEY } from './get-check-queue';
import { checkRecordsKey } from './get-check-records';

export interface ValidateLine extends TTireMeasurement {
  record_id: number;
}

export interface ValidateCheckBody {
  /** Upload path of the drawn signature; omitted = the user's stored signature. */
  edp_sign?: string;
  records: ValidateLine[];
}

/** POST /tire-check/{id}/validate: every tire's After values, the EDP signature and approval, at once. */
export const validateCheck = (id: number, body: ValidateCheckBody) =>
  api.post<TMessageReply>(`/tire-check/${id}/validate`, body);

export function useValidateCheck(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidateCheckBody) => validateCheck(id, body),
    // not awaited: the list refetches when it is shown again
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [CHECK_QUEUE_KEY] });
    },
    onSuccess: () => {
      // the check left the queue and its tires changed: refetch all of it the next time it is shown
      void queryClient.invalidateQueries({ queryKey: checkDetailKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: checkRecordsKey(id), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['active-unit-tire'], refetchType: 'none' });
    },
  });
}
