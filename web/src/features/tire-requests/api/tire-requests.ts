import type {
  TTireRequest,
  TTireRequestApproveReply,
  TTireRequestCreateBody,
} from '@itms/contracts/tire-requests';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/tire/request/findAll (pending first, newest first) and its XLSX export. */
export const TIRE_REQUEST_LIST = {
  key: 'tire-request-list',
  path: '/tire/request/findAll',
  exportPath: '/tire/request/export',
} as const;
const DETAIL_KEY = 'tire-request-detail';

/** GET /api/tire-request/detail/{id}. */
export const tireRequestQuery = (id: number) =>
  queryOptions({
    queryKey: [DETAIL_KEY, id],
    queryFn: ({ signal }) => api.get<TTireRequest>(`/tire-request/detail/${id}`, { signal }),
    staleTime: 0,
  });

type Reply = { message: string; data: TTireRequest };

/** POST /api/tire/request: a pending request. */
export const createTireRequest = (body: Partial<TTireRequestCreateBody> | Record<string, unknown>) =>
  api.post<Reply>('/tire/request', body);

/** PUT /api/tire-request/{id}. */
export const updateTireRequest = (id: number, body: Record<string, unknown>) =>
  api.put<Reply>(`/tire-request/${id}`, body);

/** DELETE /api/tire-request/{id}. */
export const deleteTireRequest = (id: number) =>
  api.delete<{ message: string; id: number }>(`/tire-request/${id}`);

/** POST /api/tire-request/{id}/approve: the tire enters the database (UNINSTALLED) in one transaction. */
export const approveTireRequest = (id: number) =>
  api.post<TTireRequestApproveReply>(`/tire-request/${id}/approve`);

/** The request list, its details, and the tire lists (an approval adds a tire). */
export function invalidateTireRequests(queryClient: QueryClient) {
  return Promise.all(
    [TIRE_REQUEST_LIST.key, DETAIL_KEY, 'tire-list', 'warehouse'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
