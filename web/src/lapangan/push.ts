// Web Push on this phone (issue 39): the browser's subscription, made with the server's VAPID key
// when the tire man turns notifications on in Profil (the permission is asked at that tap, never at
// first launch), and given up when he turns them off or signs out.
import { pushEndpoints } from '@itms/contracts/api/push';
import { call, isApiError } from '../lib/api-client';

/** Whether this browser can receive Web Push at all (an installed iPhone app can; a tab there cannot). */
export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration('/lapangan/')) ?? null;
}

/** The subscription this browser holds now, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const sameKey = (sub: PushSubscription, key: Uint8Array) => {
  const held = sub.options.applicationServerKey;
  return held != null && new Uint8Array(held).every((b, i) => b === key[i]) && held.byteLength === key.length;
};

const fromBase64url = (s: string) =>
  Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/**
 * Asks for the permission, subscribes with the server's key (a subscription made with another
 * key is replaced) and hands it to the server. Answers the refusal in Indonesian, or null.
 */
export async function turnOnPush(): Promise<string | null> {
  const reg = await registration();
  if (!reg) return 'HP ini tidak mendukung notifikasi';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return 'Izin notifikasi tidak diberikan: izinkan notifikasi untuk ITMS Lapangan di pengaturan browser';
  }
  const key = fromBase64url((await call(pushEndpoints.getPushKey, {})).public_key);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  await call(pushEndpoints.savePushSubscription, {
    body: {
      endpoint: sub.endpoint,
      expirationTime: json.expirationTime ?? null,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return null;
}

/** Removes this browser's subscription from the server (when it has it) and from the browser. */
export async function turnOffPush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await call(pushEndpoints.deletePushSubscription, { query: { endpoint: sub.endpoint } }).catch(
    (err: unknown) => {
      // already gone on the server (expired, or taken by another sign-in): nothing left to remove
      if (!isApiError(err) || err.status !== 404) throw err;
    },
  );
  await sub.unsubscribe();
}
