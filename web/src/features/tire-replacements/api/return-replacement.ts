import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api-client';

/** PUT /tire-replacement/{id} {pic_sign: '-', itms_sign: '-', reason}: the Return to the tire man's list. */
export function useReturnReplacement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      call(API.updateReplacement, {
        params: { id },
        body: { pic_sign: UNSIGNED, itms_sign: UNSIGNED, reason },
      }),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: endpointKey(API.getReplacement, { params: { id } }) });
      queryClient.invalidateQueries({ queryKey: endpointKey(API.listReplacementQueue) });
      queryClient.invalidateQueries({ queryKey: endpointKey(API.listReplacementReturns) });
    },
  });
}
