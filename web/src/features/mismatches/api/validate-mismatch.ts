import type { TMismatchValidateBody, TMismatchValidateReply } from '@itms/contracts/mismatches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMismatches } from './list-mismatches';

export function validateMismatch(id: number, body: TMismatchValidateBody) {
  return api.post<TMismatchValidateReply>(`/mismatch/${id}/validate`, body);
}

/** POST /mismatch/{id}/validate: applies every position's action, signs and approves in one go. */
export function useValidateMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMismatchValidateBody }) => validateMismatch(id, body),
    // also after a 409 (someone else validated it first): the list must drop the row
    onSettled: () => invalidateMismatches(queryClient),
  });
}
