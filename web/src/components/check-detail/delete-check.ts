import { API } from '@itms/contracts/api';
import { useWrite } from '../../lib/write';

/** DELETE /tire-check/{id} (Hapus in the check's detail); `onDeleted` refreshes the screen's list. */
export function useDeleteCheck(onDeleted?: () => unknown) {
  return useWrite(API.deleteTireCheck, (id: number) => ({ params: { id } }), {
    onSettled: () => onDeleted?.(),
  });
}
