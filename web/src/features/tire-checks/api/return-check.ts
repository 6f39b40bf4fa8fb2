import { API } from '@itms/contracts/api';
import { UNSIGNED } from '@itms/contracts/enums';
import { useWrite } from '../../../lib/write';

/**
 * PUT /tire-check/{id}: the Return with its reason; PIC and ITMS signatures go back to '-' and the
 * tire man gets it back.
 */
export function useReturnCheck(id: number) {
  return useWrite(API.returnTireCheck, (reason: string) => ({
    params: { id },
    body: { pic_sign: UNSIGNED, itms_sign: UNSIGNED, reason },
  }));
}
