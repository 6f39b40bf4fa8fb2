import { authEndpoints } from '@itms/contracts/api/auth';
import type { TSessionUser } from '@itms/contracts/auth';
import { call } from '../lib/api-client';
import { disconnectSocket } from '../lib/socket';
import { clearSignIn, getStoredUser, getToken, saveSignIn } from '../lib/storage';
import { db } from './db';
import { deviceId } from './device';
import { turnOffPush } from './push';

/**
 * The tire man signed in on this phone: the token and user the login stored (the same keys as the
 * back-office, so a tire man who signs in at `/` arrives here signed in). Works offline.
 */
export function signedInUser(): TSessionUser | null {
  return getToken() ? getStoredUser() : null;
}

/** Signs in with this phone's device id; another tire man's snapshot leaves the phone. */
export async function signIn(email: string, password: string, takeover = false): Promise<TSessionUser> {
  const { access_token, payload } = await call(authEndpoints.loginUser, {
    body: { email, password, device_id: deviceId(), ...(takeover ? { takeover: true } : {}) },
  });
  const stored = await db.snapshot.get('me');
  if (stored && stored.userId !== payload.user.id) await db.snapshot.delete('me');
  saveSignIn(access_token, payload.session, payload.user);
  return payload.user;
}

/** Entries of this tire man still on the phone. */
export const unsentCount = (userId: number) => db.outbox.where('userId').equals(userId).count();

/**
 * Ends the session. Refused while entries wait to be sent: they would stay on a phone nobody is
 * signed in to. The snapshot and the notifications go too (the next person on this phone does not
 * see his units nor get his notices).
 */
export async function signOut(userId: number): Promise<{ refused: number } | null> {
  const unsent = await unsentCount(userId);
  if (unsent > 0) return { refused: unsent };
  // his notifications stop on this phone: the next person signed in here must not get them
  await turnOffPush().catch(() => undefined);
  await call(authEndpoints.logoutUser, {}).catch(() => undefined);
  disconnectSocket();
  await db.snapshot.delete('me');
  clearSignIn();
  return null;
}
