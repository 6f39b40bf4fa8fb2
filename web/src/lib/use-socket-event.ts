import type { ServerToClientEvents } from '@itms/contracts/events';
import { useEffect, useRef } from 'react';
import { connectSocket } from './socket';
import { getToken } from './storage';

/**
 * Calls `handler` on every `event` from the server while the component is mounted. The tab's one
 * socket is shared with the shell (connectSocket returns the open connection).
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(
  event: E,
  handler: ServerToClientEvents[E],
) {
  const current = useRef(handler);
  current.current = handler;
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let cancelled = false;
    let off: (() => void) | null = null;
    const listener = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (current.current as (...a: typeof args) => void)(...args)) as ServerToClientEvents[E];
    void connectSocket(token).then((socket) => {
      if (cancelled) return;
      // biome-ignore lint/suspicious/noExplicitAny: socket.io's typed `on` cannot follow a generic event name
      (socket as any).on(event, listener);
      // biome-ignore lint/suspicious/noExplicitAny: as above
      off = () => (socket as any).off(event, listener);
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [event]);
}
