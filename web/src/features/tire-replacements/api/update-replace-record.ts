import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useWrite } from '../../../lib/write';

/**
 * PUT /tire-replace-record/{id}: with {tire_id, serial_number} the record gets another tire (Form
 * Rekam Pergantian); with tire fields the record's values are corrected (Form Detail Ban, After).
 */
export function useUpdateReplaceRecord() {
  return useWrite(
    API.updateReplaceRecord,
    ({ recordId, body }: { recordId: number; body: BodyOf<typeof API.updateReplaceRecord> }) => ({
      params: { id: recordId },
      body,
    }),
  );
}
