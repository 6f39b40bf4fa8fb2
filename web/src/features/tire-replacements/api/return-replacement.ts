import { UNSIGNED } from '@itms/contracts/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { replacementKey } from './get-replacement';
import { PENDING_REPLACEMENTS_KEY, REPLACEMENT_RETURNS_KEY } from './list-pending-replacements';

/** PUT /tire-replacement/{id} {pic_sign: '-', itms_sign: '-', reason}: the Return to the tire man's list. */
export function useReturnReplacement(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.put<{ message: string }>(`/tire-replacement/${id}`, {
        pic_sign: UNSIGNED,
        itms_sign: UNSIGNED,
        reason,
      }),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: replacementKey(id) });
      queryClient.invalidateQueries({ queryKey: [PENDING_REPLACEMENTS_KEY] });
      queryClient.invalidateQueries({ queryKey: [REPLACEMENT_RETURNS_KEY] });
    },
  });
}
