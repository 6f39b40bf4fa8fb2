import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api-client';

/**
 * PUT /tire-check/{id}: the Return with its reason; PIC and ITMS signatures go back to '-' and the
 * tire man gets it back.
 */
export function useReturnCheck(id: number) {
  const queryClient = useQueryClient();
  const check = { params: { id } };
  return useMutation({
    mutationFn: (reason: string) =>
      call(API.returnTireCheck, {
        ...check,
        body: { pic_sign: UNSIGNED, itms_sign: UNSIGNED, reason },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: endpointKey(API.listTireCheckQueue) });
      void queryClient.invalidateQueries({ queryKey: endpointKey(API.listTireCheckReturns) });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: endpointKey(API.getTireCheck, check),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({
        queryKey: endpointKey(API.listTireCheckRecords, check),
        refetchType: 'none',
      });
    },
  });
}
