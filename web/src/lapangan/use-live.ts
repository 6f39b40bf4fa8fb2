import { liveQuery } from 'dexie';
import { useEffect, useRef, useState } from 'react';

/**
 * The result of an IndexedDB query, kept current: Dexie re-runs it when a table it read changes
 * (in this tab or another). The query starts again when `key` changes (the user it is about).
 * `undefined` until the first result.
 */
export function useLive<T>(query: () => Promise<T>, key: unknown): T | undefined {
  const [value, setValue] = useState<T>();
  const latest = useRef(query);
  latest.current = query;
  useEffect(() => {
    void key;
    const subscription = liveQuery(() => latest.current()).subscribe({
      next: setValue,
      error: console.error,
    });
    return () => subscription.unsubscribe();
  }, [key]);
  return value;
}
