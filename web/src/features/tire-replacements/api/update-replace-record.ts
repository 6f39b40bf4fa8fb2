import type { TReplaceRecordFieldsBody } from '@itms/contracts/tire-replacements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RecordUpdateReply {
  message: string;
  changed: boolean;
}

/**
 * PUT /tire-replace-record/{id}: with {tire_id, serial_number} the record gets another tire (Form
 * Rekam Pergantian); with tire fields the record's values are corrected (Form Detail Ban, After).
 */
export function useUpdateReplaceRecord(replacementId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      recordId,
      body,
    }: {
      recordId: number;
      body: TReplaceRecordFieldsBody | { tire_id: number; serial_number: string };
    }) => api.put<RecordUpdateReply>(`/tire-replace-record/${recordId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tire-replacement', replacementId] }),
  });
}
