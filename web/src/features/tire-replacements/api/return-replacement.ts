import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import { useWrite } from '../../../lib/write';

/** PUT /tire-replacement/{id} {pic_sign: '-', itms_sign: '-', reason}: the Return to the tire man's list. */
export function useReturnReplacement(id: number) {
  return useWrite(API.updateReplacement, (reason: string) => ({
    params: { id },
    body: { pic_sign: UNSIGNED, itms_sign: UNSIGNED, reason },
  }));
}
