import { useEffect, useSyncExternalStore } from 'react';
import { type SendOutcome, sendQueue } from './outbox';

/** While entries wait, the queue is tried again this often (besides the events below). */
const RETRY_EVERY_MS = 30_000;

let last: SendOutcome = { state: 'idle' };
const listeners = new Set<() => void>();
// one round at a time for the whole app: two triggers at once must not send an entry twice in parallel
let running: Promise<SendOutcome> | null = null;

/** Sends the tire man's waiting entries now ('Kirim sekarang'); joins a round already running. */
export function sendNow(userId: number): Promise<SendOutcome> {
  running ??= sendQueue(userId)
    .then((outcome) => {
      last = outcome;
      for (const l of listeners) l();
      return outcome;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/** How the last round ended: 'paused' when the server ended the session. */
export function useSendOutcome(): SendOutcome {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => last,
  );
}

/**
 * Sends the outbox when the app opens, when the signal comes back, when the tire man returns to
 * the app, every 30 s while entries wait, and when an entry's backoff is over. Mounted once for
 * the signed-in tire man: only his entries are sent, under his session.
 */
export function useAutoSend(userId: number | null, online: boolean): void {
  const outcome = useSendOutcome();
  useEffect(() => {
    if (userId === null || !online) return;
    void sendNow(userId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sendNow(userId);
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(() => void sendNow(userId), RETRY_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [userId, online]);

  useEffect(() => {
    if (userId === null || !online || outcome.state !== 'waiting') return;
    const timer = setTimeout(() => void sendNow(userId), Math.max(0, outcome.retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [userId, online, outcome]);
}
