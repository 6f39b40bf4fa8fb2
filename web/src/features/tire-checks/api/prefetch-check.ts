import type { QueryClient } from '@tanstack/react-query';
import { activeUnitTiresQuery } from './get-active-unit-tires';
import { checkDetailQuery } from './get-check-detail';
import { checkRecordsQuery } from './get-check-records';

/**
 * Loads what the Form Pengecekan shows into the query cache: the check detail and its records,
 * then the unit's active tires (the unit comes from the detail). Rejects when one of them fails.
 */
export async function prefetchCheck(queryClient: QueryClient, id: number): Promise<void> {
  const [detail] = await Promise.all([
    queryClient.fetchQuery(checkDetailQuery(id)),
    queryClient.fetchQuery(checkRecordsQuery(id)),
  ]);
  await queryClient.fetchQuery(activeUnitTiresQuery(detail.unit_id));
}
