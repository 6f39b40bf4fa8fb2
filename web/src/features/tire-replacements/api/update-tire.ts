import type { TTire, TTireUpdateBody } from '@itms/contracts/tires';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** PUT /tire/update/{id}: the tire's own fields (Form Detail Ban of the tire on the unit now). */
export function useUpdateTire(replacementId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tireId, body }: { tireId: number; body: TTireUpdateBody }) =>
      api.put<{ message: string; data: TTire }>(`/tire/update/${tireId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tire-replacement', replacementId] }),
  });
}
