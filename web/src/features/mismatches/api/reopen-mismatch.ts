import { API } from '@itms/contracts/api';
import { useWrite } from '../../../lib/write';

/** Kembalikan: an approved BKB goes back to the validation list; every BKB list and detail reloads. */
export function useReopenMismatch() {
  return useWrite(API.reopenMismatch, (id: number) => ({ params: { id } }));
}
