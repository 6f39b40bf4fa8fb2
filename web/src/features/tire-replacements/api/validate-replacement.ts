import { API } from '@itms/contracts/api';
import type { BodyOf } from '@itms/contracts/endpoint';
import { useWrite } from '../../../lib/write';

/** POST /tire-replacement/{id}/validate: applies every record in one transaction and stores the EDP signature. */
export function useValidateReplacement(id: number) {
  return useWrite(API.validateReplacement, (body: BodyOf<typeof API.validateReplacement>) => ({
    params: { id },
    body,
  }));
}
