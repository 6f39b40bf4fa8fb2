import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Whether the phone has a network (the browser's view: a signal, not a guarantee the server
 * answers). Not lib/use-online.ts: that one follows TanStack Query, which the field app's first
 * bundle does not carry.
 */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
