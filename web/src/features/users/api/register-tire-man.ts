import type { TRegisterBody, TRegisterReply } from '@itms/contracts/users';
import { api } from '../../../lib/api-client';

/** POST /api/tire-man/register (201, 'Sukses / User Ditambahkan'). */
export function registerTireMan(body: TRegisterBody) {
  return api.post<TRegisterReply>('/tire-man/register', body);
}
