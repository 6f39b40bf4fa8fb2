const DEVICE_KEY = 'itms-device-id';

/**
 * This phone's id, made once and kept: the server lets the same phone sign in again over its own
 * old session (an app reinstalled, a cleared session) instead of answering 409.
 */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
