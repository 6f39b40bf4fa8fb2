import type { PerformanceGroup, TPerformanceReply, TSizePressure } from '@itms/contracts/tire-intelligence';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const PERFORMANCE_EXPORT_PATH = '/tire-intelligence/performance/export';

/** GET /api/tire-intelligence/performance: one row per brand, pattern or size (computed in SQL). */
export const performanceQuery = (groupBy: PerformanceGroup, size: string | undefined) =>
  queryOptions({
    queryKey: ['tire-performance', { groupBy, size }],
    queryFn: ({ signal }) =>
      api.get<TPerformanceReply>('/tire-intelligence/performance', { query: { groupBy, size }, signal }),
    staleTime: 30_000,
  });

/** The tire sizes (from GET /api/tire-intelligence/size-pressures) for the size filter. */
export const sizeOptionsQuery = () =>
  queryOptions({
    queryKey: ['tire-size-pressures'],
    queryFn: ({ signal }) => api.get<TSizePressure[]>('/tire-intelligence/size-pressures', { signal }),
    staleTime: 60_000,
    select: (rows) => rows.map((r) => r.size).sort(),
  });
