import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, resourceKey } from '../../../lib/api-client';

/** PUT /tire/update/{id}: the tire's own fields (Form Detail Ban of the tire on the unit now). */
export function useUpdateTire(replacementId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tireId, body }: { tireId: number; body: BodyOf<typeof API.updateTireDetail> }) =>
      call(API.updateTireDetail, { params: { id: tireId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: endpointKey(API.getReplacement, { params: { id: replacementId } }),
        }),
        // the tire's data changed: what the tire screens read of it is stale
        queryClient.invalidateQueries({ queryKey: resourceKey(API.getTire) }),
      ]),
  });
}
