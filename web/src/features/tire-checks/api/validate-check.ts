import { API } from '@itms/contracts/api';
import type { TValidateBody } from '@itms/contracts/tire-checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api-client';

/** POST /tire-check/{id}/validate: every tire's After values, the EDP signature and approval, at once. */
export function useValidateCheck(id: number) {
  const queryClient = useQueryClient();
  const check = { params: { id } };
  return useMutation({
    mutationFn: (body: TValidateBody) => call(API.validateTireCheck, { ...check, body }),
    // not awaited: the list refetches when it is shown again
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: endpointKey(API.listTireCheckQueue) });
    },
    onSuccess: () => {
      // the check left the queue and its tires changed: refetch all of it the next time it is shown
      for (const queryKey of [
        endpointKey(API.getTireCheck, check),
        endpointKey(API.listTireCheckRecords, check),
        endpointKey(API.getActiveUnitTires),
      ]) {
        void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
    },
  });
}
