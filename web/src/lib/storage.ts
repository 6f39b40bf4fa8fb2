import type { TSessionUser } from '@itms/contracts/auth';

/** localStorage keys the spec names (section 2, Access rules; section 7, Session). */
export const STORAGE_KEYS = { token: 'access_token', session: 'session', user: 'user' } as const;
/** sessionStorage prefix for per-screen state that a Feature menu click clears (spec section 2). */
const FEATURE_STATE_PREFIX = 'feature:';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled (private mode): the session lives only as long as the page
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export const getToken = () => read(STORAGE_KEYS.token);
export const getSessionId = () => read(STORAGE_KEYS.session);

/** Signed in = both the access token and the session value are stored. */
export function isSignedIn(): boolean {
  return Boolean(getToken() && getSessionId());
}

export function getStoredUser(): TSessionUser | null {
  const raw = read(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TSessionUser;
  } catch {
    return null;
  }
}

export function saveSignIn(token: string, session: string, user: TSessionUser) {
  write(STORAGE_KEYS.token, token);
  write(STORAGE_KEYS.session, session);
  write(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

export function saveUser(user: TSessionUser) {
  write(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearSignIn() {
  const had = read(STORAGE_KEYS.token) !== null || read(STORAGE_KEYS.session) !== null;
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  clearFeatureState();
  if (had) emit();
}

/** Per-screen state (a chosen check, a chosen replacement) kept for the browser tab. */
export function setFeatureState(key: string, value: unknown) {
  try {
    window.sessionStorage.setItem(FEATURE_STATE_PREFIX + key, JSON.stringify(value));
  } catch {}
}

export function getFeatureState<T>(key: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(FEATURE_STATE_PREFIX + key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function clearFeatureState() {
  try {
    const store = window.sessionStorage;
    for (const key of Object.keys(store)) if (key.startsWith(FEATURE_STATE_PREFIX)) store.removeItem(key);
  } catch {}
}

/** Subscribe to sign-in changes, in this tab and (through the storage event) in other tabs. */
export function subscribeSignIn(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
