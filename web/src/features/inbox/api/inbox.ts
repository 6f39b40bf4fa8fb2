import { API } from '@itms/contracts/api';
import { INBOX_DROPDOWN_SIZE, type TInboxKind } from '@itms/contracts/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { resourceKey } from '../../../lib/api-client';
import { connectSocket } from '../../../lib/socket';
import { getToken } from '../../../lib/storage';
import { useEndpoint } from '../../../lib/use-endpoint';
import { useWrite } from '../../../lib/write';

/** The bell's badge: the signed-in user's unread items. */
export function useUnreadCount() {
  return useEndpoint(API.getInboxUnreadCount, {}, { meta: { silent: true } });
}

/** The bell's dropdown: the latest items. */
export function useLatestItems(enabled: boolean) {
  return useEndpoint(
    API.listInbox,
    { query: { page: 1, pageSize: INBOX_DROPDOWN_SIZE } },
    { enabled, meta: { silent: true } },
  );
}

/** Marks one item read; the badge and the lists reload. */
export function useReadItem() {
  return useWrite(API.readInboxItem, (id: number) => ({ params: { id } }));
}

export function useReadAll(options: Parameters<typeof useWrite<typeof API.readAllInbox>>[2] = {}) {
  return useWrite(API.readAllInbox, () => ({}), options);
}

export function useInboxPreferences() {
  return useEndpoint(API.getInboxPreferences, {});
}

type Choice = { kind: TInboxKind; enabled: boolean };

export function useSaveInboxPreferences(
  options: Parameters<typeof useWrite<typeof API.saveInboxPreferences, Choice[]>>[2] = {},
) {
  return useWrite(API.saveInboxPreferences, (preferences: Choice[]) => ({ body: { preferences } }), options);
}

/**
 * An item arriving ('inbox-item' on the user's sockets) reloads the badge and the lists, on every
 * screen. The tab's one socket is shared with the shell (connectSocket returns the open connection).
 */
export function useInboxEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token) return;
    let cancelled = false;
    let off: (() => void) | null = null;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKey(API.listInbox) });
    void connectSocket(token).then((socket) => {
      if (cancelled) return;
      socket.on('inbox-item', refresh);
      // what arrived while the connection was down
      socket.on('connect', refresh);
      off = () => {
        socket.off('inbox-item', refresh);
        socket.off('connect', refresh);
      };
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, [queryClient]);
}
