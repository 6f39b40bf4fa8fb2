import { useEffect } from 'react';
import { type AppSocket, connectSocket } from '../lib/socket';
import { getToken } from '../lib/storage';
import { refreshSnapshot } from './snapshot';

/**
 * While there is a signal, the office's verdicts on his entries (the `field-status` event: approved,
 * returned with a reason, deleted) and his breakdown calls (`storing-call`: assigned to him, taken
 * from him, cancelled) refresh the stored snapshot, so Riwayat and Beranda change live.
 */
export function useFieldStatus(userId: number | null, online: boolean) {
  useEffect(() => {
    const token = getToken();
    if (userId === null || !online || !token) return;
    let socket: AppSocket | null = null;
    let cancelled = false;
    const onStatus = () => void refreshSnapshot(userId).catch(() => undefined);
    // socket.io-client loads here, after sign-in: never with the login page
    void connectSocket(token).then((s) => {
      if (cancelled) return;
      socket = s;
      s.on('field-status', onStatus);
      s.on('storing-call', onStatus);
    });
    return () => {
      cancelled = true;
      socket?.off('field-status', onStatus);
      socket?.off('storing-call', onStatus);
    };
  }, [userId, online]);
}
