import type { Role } from '@itms/contracts/enums';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../lib/feedback';
import { showMismatchNotice } from '../lib/mismatch-notice';
import { playNotificationSound } from '../lib/notify-sound';
import { canOpenPath } from '../lib/route-meta';
import { endLocalSession, isLoggingOut } from '../lib/session';
import { type AppSocket, connectSocket } from '../lib/socket';

export const FORCED_LOGOUT_MESSAGE = 'Sesi Anda telah diakhiri';

/**
 * The socket events of the signed-in back-office (spec section 2, Dashboard): 'new-notification'
 * chimes and refreshes data, 'new-missmatch' opens the BKB list from the dashboard (elsewhere a
 * notice with 'Buka BKB', so nobody loses what they were typing), 'session-clear' signs out.
 * The first two are the office's (field documents to validate): a role that may not open the BKB
 * list (the workshop role) does not listen to them; the server sends them to the office only.
 */
export function useRealtime(token: string, enabled: boolean, role: Role | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const { notification } = App.useApp();

  const officeEvents = role !== undefined && canOpenPath('/mismatch', role);

  useEffect(() => {
    if (!token || !enabled) return;
    let socket: AppSocket | null = null;
    let cancelled = false;

    const onSessionClear = () => {
      const forced = !isLoggingOut();
      endLocalSession(queryClient);
      if (forced) toast().warning(FORCED_LOGOUT_MESSAGE, 5);
    };
    const onMismatch = () => {
      if (pathnameRef.current === '/') navigateRef.current('/mismatch');
      else showMismatchNotice(notification, () => navigateRef.current('/mismatch'));
    };
    const onNotification = () => {
      playNotificationSound();
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    };
    const onConnectError = (err: Error) => {
      // refused handshake: let the credential check decide (401 signs out)
      if (err.message === 'unauthorized') void queryClient.invalidateQueries({ queryKey: ['session'] });
    };

    void connectSocket(token).then((s) => {
      if (cancelled) return;
      socket = s;
      s.on('session-clear', onSessionClear);
      if (officeEvents) {
        s.on('new-missmatch', onMismatch);
        s.on('new-notification', onNotification);
      }
      s.on('connect_error', onConnectError);
    });
    return () => {
      cancelled = true;
      socket?.off('session-clear', onSessionClear);
      socket?.off('new-missmatch', onMismatch);
      socket?.off('new-notification', onNotification);
      socket?.off('connect_error', onConnectError);
    };
  }, [token, enabled, officeEvents, queryClient, notification]);
}
