import { useCallback, useSyncExternalStore } from 'react';

/** Desktop layout from this width up (spec section 2: desktop breakpoint 960px). */
export const DESKTOP_QUERY = '(min-width: 960px)';
/** Phones: lists show as cards below 600px (a table would scroll sideways). */
export const PHONE_QUERY = '(max-width: 599.98px)';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = window.matchMedia(query);
      mql.addEventListener?.('change', onChange);
      return () => mql.removeEventListener?.('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
