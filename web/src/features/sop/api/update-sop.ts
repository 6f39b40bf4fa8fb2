import type { TMutationReply, TSopEntry } from '@itms/contracts/master-data';
import type { TSopVideoReply } from '@itms/contracts/sop';
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

/** POST /api/sop/{id}/video (admins): an MP4 or WebM file, field "video". */
export function uploadSopVideo(id: number, file: Blob, name: string) {
  const form = new FormData();
  form.append('video', file, name);
  return api.post<TSopVideoReply>(`/sop/${id}/video`, form);
}

/** DELETE /api/sop/{id}/video (admins): the uploaded video off the procedure (a link stays). */
export function removeSopVideo(id: number) {
  return api.delete<TSopVideoReply>(`/sop/${id}/video`);
}
