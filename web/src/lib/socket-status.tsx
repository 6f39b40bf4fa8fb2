import { LoadingOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useSyncExternalStore } from 'react';

/** idle: no socket (signed out); connecting: first connection or reconnecting; connected. */
export type SocketStatus = 'idle' | 'connecting' | 'connected';

/** The spec's loading message of the socket (section 8). */
export const CONNECTING = 'Menghubungkan ...';

let status: SocketStatus = 'idle';
const listeners = new Set<() => void>();

/** Set by lib/socket.ts as the connection goes. */
export function setSocketStatus(next: SocketStatus) {
  if (next === status) return;
  status = next;
  for (const l of listeners) l();
}

export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => status,
    () => status,
  );
}

/** 'Menghubungkan ...' in the top bar while the real-time connection is (re)connecting; nothing otherwise. */
export function SocketStatusText({ compact }: { compact?: boolean }) {
  const s = useSocketStatus();
  if (s !== 'connecting') return null;
  return (
    <Typography.Text
      type="secondary"
      role="status"
      aria-label={CONNECTING}
      title={CONNECTING}
      style={{ flex: 'none', fontSize: 12, whiteSpace: 'nowrap' }}
    >
      <LoadingOutlined style={{ marginInlineEnd: compact ? 0 : 6 }} />
      {compact ? null : CONNECTING}
    </Typography.Text>
  );
}
