import type { TMutationReply } from '@itms/contracts/master-data';
import { api } from '../../../lib/api-client';

/** POST /api/tire-man/{id}/force-logout: ends the account's sessions; its open pages go to /login. */
export function forceLogout(id: number) {
  return api.post<TMutationReply<{ id: number; revoked: number }>>(`/tire-man/${id}/force-logout`);
}
