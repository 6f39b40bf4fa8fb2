import type { TWorkshopSignBody, TWorkshopSignReply } from '@itms/contracts/workshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateWorkshopQueue } from './get-workshop-queue';

/** POST /workshop/sign: the selected items, all or nothing; the list reloads either way. */
export function useSignWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TWorkshopSignBody) => api.post<TWorkshopSignReply>('/workshop/sign', body),
    // the page shows the refusal itself (which items changed meanwhile)
    meta: { silent: true },
    onSettled: () => invalidateWorkshopQueue(queryClient),
  });
}
