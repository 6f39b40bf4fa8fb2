import { ALREADY_LOGGED_IN_DETAIL, isApiError } from '../../lib/api-client';
import { CONTACT_ADMIN_FOOTER, errorText, showErrorDialog } from '../../lib/feedback';

export const ALREADY_LOGGED_IN_TEXT = 'Akun sedang digunakan atau Login di perangkat lain';
export const TAKEOVER_LABEL = 'Keluarkan sesi lain';
export const TAKEOVER_HINT =
  'Bila perangkat lain itu milik Anda (misalnya browser yang tertutup), keluarkan sesinya dan masuk di sini. Perangkat lain akan keluar.';
export const TAKEOVER_DONE = 'Sesi di perangkat lain telah diakhiri';

/** The server's 409 for an account that holds an active session elsewhere. */
export const isAlreadyLoggedIn = (err: unknown) => isApiError(err) && err.detail === ALREADY_LOGGED_IN_DETAIL;

/** Login failures (spec section 8): the server's text with 'Contact admin'. */
export function showLoginError(err: unknown) {
  console.error(err);
  return showErrorDialog({ text: errorText(err), footer: CONTACT_ADMIN_FOOTER });
}
