import type { TTireMessageReply, TTireStatusBody } from '@itms/contracts/tire-list';
import { api } from '../../../lib/api-client';

/** PATCH /api/tire/status/{id}: UNINSTALLED, SPARE or SCRAP (with a reason). */
export const setTireStatus = (id: number, body: TTireStatusBody) =>
  api.patch<TTireMessageReply>(`/tire/status/${id}`, body);
