import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api-client';

/**
 * PUT /tire-replace-record/{id}: with {tire_id, serial_number} the record gets another tire (Form
 * Rekam Pergantian); with tire fields the record's values are corrected (Form Detail Ban, After).
 */
export function useUpdateReplaceRecord(replacementId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recordId, body }: { recordId: number; body: BodyOf<typeof API.updateReplaceRecord> }) =>
      call(API.updateReplaceRecord, { params: { id: recordId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(API.getReplacement, { params: { id: replacementId } }),
      }),
  });
}
