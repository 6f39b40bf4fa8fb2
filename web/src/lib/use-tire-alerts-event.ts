import type { TAlertSummary } from '@itms/contracts/tire-intelligence';
import { useEffect, useRef } from 'react';
import { connectSocket } from './socket';
import { getToken } from './storage';

/**
 * Calls `onAlerts` on every 'tire-alerts' socket event (sent after each check validation). The
 * tab's one socket is shared with the shell (connectSocket returns the open connection).
 */
export function useTireAlertsEvent(onAlerts: (summary: TAlertSummary) => void) {
  const handler = useRef(onAlerts);
  handler.current = onAlerts;
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let cancelled = false;
    let off: (() => void) | null = null;
    const listener = (summary: TAlertSummary) => handler.current(summary);
    void connectSocket(token).then((socket) => {
      if (cancelled) return;
      socket.on('tire-alerts', listener);
      off = () => socket.off('tire-alerts', listener);
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, []);
}
