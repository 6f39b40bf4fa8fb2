import { useEffect, useState } from 'react';

/** How long a screen that appeared under the finger ignores taps: the rest of a double tap. */
export const SETTLE_MS = 600;

/**
 * True for SETTLE_MS after `since` changes to a truthy value (a screen or panel just appeared
 * where the finger was), then false: while true, taps on it are ignored.
 */
export function useSettling(since: unknown): boolean {
  const [settling, setSettling] = useState(Boolean(since));
  useEffect(() => {
    if (!since) return;
    setSettling(true);
    const timer = setTimeout(() => setSettling(false), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [since]);
  return settling;
}
