import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey, resourceKey } from '../../../lib/api-client';

/** POST /tire-replacement/{id}/validate: applies every record in one transaction and stores the EDP signature. */
export function useValidateReplacement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.validateReplacement>) =>
      call(API.validateReplacement, { params: { id }, body }),
    onSettled: () => {
      // the replacement, the EDP queue and the history
      queryClient.invalidateQueries({ queryKey: resourceKey(API.validateReplacement) });
      queryClient.invalidateQueries({ queryKey: endpointKey(API.searchReplacementRecords) });
      // the records are applied to the unit's tires: what is read of the tires is stale
      queryClient.invalidateQueries({ queryKey: resourceKey(API.listActiveTires) });
      queryClient.invalidateQueries({ queryKey: endpointKey(API.getActiveUnitTires) });
    },
  });
}
