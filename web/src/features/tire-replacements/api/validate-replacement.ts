import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replacementKey } from './get-replacement';
import { PENDING_REPLACEMENTS_KEY } from './list-pending-replacements';

/** POST /tire-replacement/{id}/validate: applies every record in one transaction and stores the EDP signature. */
export function useValidateReplacement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { edp_sign?: string }) =>
      api.post<{ message: string }>(`/tire-replacement/${id}/validate`, body),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: replacementKey(id) });
      queryClient.invalidateQueries({ queryKey: [PENDING_REPLACEMENTS_KEY] });
      queryClient.invalidateQueries({ queryKey: ['active-unit'] });
    },
  });
}
