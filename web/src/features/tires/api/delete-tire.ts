import { api } from '../../../lib/api-client';

/** DELETE /api/tire/{id}: 'Berhasil menghapus ban'; a mounted tire is refused (409). */
export const deleteTire = (id: number) => api.delete<{ message: string; id: number }>(`/tire/${id}`);
