import type { TMutationReply, TSopEntry } from '@itms/contracts/master-data';
import { api } from '../../../lib/api-client';

export interface SopUpdate {
  title: string;
  video_url: string;
  description: string;
}

/** PUT /api/sop/{id} (admins): title, video URL, description ('SOP berhasil di update'). */
export function updateSop(id: number, body: SopUpdate) {
  return api.put<TMutationReply<TSopEntry>>(`/sop/${id}`, body);
}
