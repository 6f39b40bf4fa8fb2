import { API } from '@itms/contracts/api';
import type { TMismatchValidateBody } from '@itms/contracts/mismatches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, resourceKey } from '../../../lib/api-client';

/** Applies every position's action, signs and approves in one go. */
export function useValidateMismatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TMismatchValidateBody }) =>
      call(API.validateMismatch, { params: { id }, body }),
    // also after a 409 (someone else validated it first): the list must drop the row; every BKB
    // list and detail is read from the mismatches resource
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(API.validateMismatch) }),
  });
}
