import type {
  TAlertListReply,
  TAlertSummary,
  TSizePressure,
  TSizePressureUpdate,
} from '@itms/contracts/tire-intelligence';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/tire-intelligence/alerts (server-paged, `kind` and `q` filters); its reply carries the counts. */
export const ALERT_LIST = { key: 'tire-alerts-list', path: '/tire-intelligence/alerts' } as const;
/** /ban-kritis shows 10 tires per page. */
export const ALERT_PAGE_SIZES = { options: [10], default: 10 } as const;
export type AlertListReply = TAlertListReply;

const SUMMARY_KEY = 'tire-alerts-summary';
const PRESSURES_KEY = 'tire-size-pressures';

/** GET /api/tire-intelligence/alerts/summary: the four counts and the pull point in use. */
export const alertSummaryQuery = () =>
  queryOptions({
    queryKey: [SUMMARY_KEY],
    queryFn: ({ signal }) => api.get<TAlertSummary>('/tire-intelligence/alerts/summary', { signal }),
    staleTime: 0,
  });

/** GET /api/tire-intelligence/size-pressures: the reference pressure of every size. */
export const sizePressuresQuery = () =>
  queryOptions({
    queryKey: [PRESSURES_KEY],
    queryFn: ({ signal }) => api.get<TSizePressure[]>('/tire-intelligence/size-pressures', { signal }),
    staleTime: 0,
  });

/** PUT /api/tire-intelligence/size-pressures: one size's reference PSI (null clears it). */
export const updateSizePressure = (body: TSizePressureUpdate) =>
  api.put<TSizePressure>('/tire-intelligence/size-pressures', body);

/** Everything /ban-kritis shows: the list with its counts, the summary and the pressures. */
export function invalidateAlerts(queryClient: QueryClient) {
  return Promise.all(
    [ALERT_LIST.key, SUMMARY_KEY, PRESSURES_KEY].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
