import { API } from '@itms/contracts/api';
import { useWrite } from '../../../lib/write';

/** Hapus on Rekam BKB; every BKB list and detail reloads after it. */
export function useDeleteMismatch() {
  return useWrite(API.deleteMismatch, (id: number) => ({ params: { id } }));
}
