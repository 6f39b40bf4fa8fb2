import type { TMutationReply } from '@itms/contracts/master-data';
import type { TTireManRow, TTireManUpdateBody } from '@itms/contracts/users';
import { api } from '../../../lib/api-client';

/** PUT /api/tire-man/{id} ('Data Tireman Berhasil Diedit'); the password only when one was typed. */
export function updateTireMan(id: number, body: TTireManUpdateBody) {
  return api.put<TMutationReply<TTireManRow>>(`/tire-man/${id}`, body);
}
