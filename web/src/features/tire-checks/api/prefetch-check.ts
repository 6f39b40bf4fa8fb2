import { API } from '@itms/contracts/api';
import type { QueryClient } from '@tanstack/react-query';
import { call, endpointKey } from '../../../lib/api-client';

/**
 * Loads what the Form Pengecekan shows into the query cache: the check detail and its records,
 * then the unit's active tires (the unit comes from the detail). Rejects when one of them fails.
 */
export async function prefetchCheck(queryClient: QueryClient, id: number): Promise<void> {
  const check = { params: { id } };
  const [detail] = await Promise.all([
    queryClient.fetchQuery({
      queryKey: endpointKey(API.getTireCheck, check),
      queryFn: ({ signal }) => call(API.getTireCheck, check, { signal }),
    }),
    queryClient.fetchQuery({
      queryKey: endpointKey(API.listTireCheckRecords, check),
      queryFn: ({ signal }) => call(API.listTireCheckRecords, check, { signal }),
    }),
  ]);
  const unit = { params: { unitId: detail.unit_id } };
  await queryClient.fetchQuery({
    queryKey: endpointKey(API.getActiveUnitTires, unit),
    queryFn: ({ signal }) => call(API.getActiveUnitTires, unit, { signal }),
  });
}
