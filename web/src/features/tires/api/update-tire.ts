import type { TTire } from '@itms/contracts/tires';
import { api } from '../../../lib/api-client';

/** PUT /api/tire/update/{id}: 'Data Ban Berhasil di Edit'. */
export const updateTire = (id: number, body: Record<string, unknown>) =>
  api.put<{ message: string; data: TTire }>(`/tire/update/${id}`, body);
