import { useEffect, useState } from 'react';
import { isApiError } from '../lib/api-client';
import type { StoredSnapshot } from './db';
import { refreshSnapshot, snapshotOf } from './snapshot';
import { useLive } from './use-live';
import { useOnline } from './use-online';

/**
 * The tire man's stored snapshot, refreshed whenever there is a signal (opening the screen, the
 * signal coming back). `snapshot` is undefined while IndexedDB answers, null when the phone has
 * none; `problem` is the server's message when a refresh was refused (offline is no problem).
 */
export function useSnapshot(userId: number): {
  snapshot: StoredSnapshot | null | undefined;
  refreshing: boolean;
  problem: string | null;
} {
  const online = useOnline();
  const snapshot = useLive(() => snapshotOf(userId), userId);
  const [refreshing, setRefreshing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    let current = true;
    setRefreshing(true);
    refreshSnapshot(userId)
      .then(() => current && setProblem(null))
      .catch((err: unknown) => {
        // no signal or the server away: the stored snapshot stays as it was
        if (current && isApiError(err) && err.status !== 0) setProblem(err.message);
      })
      .finally(() => current && setRefreshing(false));
    return () => {
      current = false;
    };
  }, [online, userId]);
  return { snapshot, refreshing, problem };
}
