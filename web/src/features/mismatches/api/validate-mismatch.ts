import { API } from '@itms/contracts/api';
import type { TMismatchValidateBody } from '@itms/contracts/mismatches';
import { useWrite } from '../../../lib/write';

/**
 * Applies every position's action, signs and approves in one go. Also after a 409 (someone else
 * validated it first) every BKB list and detail reloads, so the list drops the row.
 */
export function useValidateMismatch() {
  return useWrite(API.validateMismatch, ({ id, body }: { id: number; body: TMismatchValidateBody }) => ({
    params: { id },
    body,
  }));
}
