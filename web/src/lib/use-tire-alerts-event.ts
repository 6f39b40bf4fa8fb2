import type { TAlertSummary } from '@itms/contracts/tire-intelligence';
import { useSocketEvent } from './use-socket-event';

/** Calls `onAlerts` on every 'tire-alerts' socket event (sent after each check validation). */
export function useTireAlertsEvent(onAlerts: (summary: TAlertSummary) => void) {
  useSocketEvent('tire-alerts', onAlerts);
}
