import { useEffect, useSyncExternalStore } from 'react';
import { type SendOutcome, sendQueue } from './outbox';

/** While entries wait, the queue is tried again this often (besides the events below). */
const RETRY_EVERY_MS = 30_000;

/**
 * One sender for every tab and the installed app of this origin: the round holds this Web Lock
 * (where the browser has them); a tab that finds it held leaves the sending to its holder, and its
 * 'Kirim sekarang' asks the holder over the BroadcastChannel of the same name.
 */
const SENDER = 'itms-lapangan-outbox';
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SENDER);

let last: SendOutcome = { state: 'idle' };
const listeners = new Set<() => void>();
// one round at a time in this tab: two triggers at once must not send an entry twice in parallel
let round: { done: Promise<SendOutcome>; stop: AbortController } | null = null;
// 'Kirim sekarang' came while a round ran: a forced round follows it
let forceNext = false;

function publish(outcome: SendOutcome): SendOutcome {
  last = outcome;
  for (const l of listeners) l();
  return outcome;
}

/** Runs a round under the sender lock; `null` when another tab holds it (that tab sends). */
function underLock(run: () => Promise<SendOutcome>): Promise<SendOutcome | null> {
  if (!navigator.locks) return run();
  return navigator.locks.request(SENDER, { ifAvailable: true }, (lock) => (lock ? run() : null));
}

/** `askHolder`: the tire man's own 'Kirim sekarang', passed on to the tab that holds the lock. */
function startRound(userId: number, force: boolean, askHolder = false): Promise<SendOutcome> {
  const stop = new AbortController();
  const done = underLock(() => sendQueue(userId, { force, signal: stop.signal }))
    .then((outcome) => {
      if (outcome) return publish(outcome);
      if (askHolder) channel?.postMessage('send-now');
      return last;
    })
    .finally(() => {
      round = null;
      if (forceNext) {
        forceNext = false;
        void startRound(userId, true);
      }
    });
  round = { done, stop };
  return done;
}

/** Sends the waiting entries when the app sees a chance; joins a round already running. */
export function sendSoon(userId: number): Promise<SendOutcome> {
  return round?.done ?? startRound(userId, false);
}

/**
 * 'Kirim sekarang': a round now that skips every backoff. A round under way (perhaps stuck on a
 * request that does not answer) is cut off first: the request is aborted and retried (same key).
 */
export function sendNow(userId: number, askHolder = true): void {
  if (!round) {
    void startRound(userId, true, askHolder);
    return;
  }
  forceNext = true;
  round.stop.abort();
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
 * the app, every 30 s while entries wait, when an entry's backoff is over, and when another tab's
 * 'Kirim sekarang' asks this one (the holder of the sender lock). Mounted once for the signed-in
 * tire man: only his entries are sent, under his session.
 */
export function useAutoSend(userId: number | null, online: boolean): void {
  const outcome = useSendOutcome();
  useEffect(() => {
    if (userId === null || !online) return;
    void sendSoon(userId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void sendSoon(userId);
    };
    // asked by another tab: never passed on again (that would echo between tabs)
    const onAsked = () => sendNow(userId, false);
    document.addEventListener('visibilitychange', onVisible);
    channel?.addEventListener('message', onAsked);
    const timer = setInterval(() => void sendSoon(userId), RETRY_EVERY_MS);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      channel?.removeEventListener('message', onAsked);
      clearInterval(timer);
    };
  }, [userId, online]);

  useEffect(() => {
    if (userId === null || !online || outcome.state !== 'waiting') return;
    const timer = setTimeout(() => void sendSoon(userId), Math.max(0, outcome.retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [userId, online, outcome]);
}
