import { API } from '@itms/contracts/api';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../lib/api-client';

/**
 * Everything the alerts touch: the list with its counts (/ban-kritis), the alert summary (the
 * dashboard's "Ban Kritis" card) and the reference pressures (the modal, the analytics size filter).
 */
export function invalidateAlerts(queryClient: QueryClient) {
  return Promise.all(
    [API.listTireAlerts, API.getTireAlertSummary, API.listSizePressures].map((e) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(e) }),
    ),
  );
}
