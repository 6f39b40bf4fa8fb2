import { API } from '@itms/contracts/api';
import type { TValidateBody } from '@itms/contracts/tire-checks';
import { useWrite } from '../../../lib/write';

/** POST /tire-check/{id}/validate: every tire's After values, the EDP signature and approval, at once. */
export function useValidateCheck(id: number) {
  return useWrite(API.validateTireCheck, (body: TValidateBody) => ({ params: { id }, body }));
}
