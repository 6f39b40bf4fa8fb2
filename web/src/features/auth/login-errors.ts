import { ALREADY_LOGGED_IN_DETAIL, isApiError } from '../../lib/api-client';
import { CONTACT_ADMIN_FOOTER, errorText, showErrorDialog } from '../../lib/feedback';

export const ALREADY_LOGGED_IN_TEXT = 'Akun sedang digunakan atau Login di perangkat lain';

/** Login failures (spec section 8): account in use elsewhere, or the server's text with 'Contact admin'. */
export function showLoginError(err: unknown) {
  console.error(err);
  if (isApiError(err) && err.detail === ALREADY_LOGGED_IN_DETAIL) {
    return showErrorDialog({ text: ALREADY_LOGGED_IN_TEXT, footer: null });
  }
  return showErrorDialog({ text: errorText(err), footer: CONTACT_ADMIN_FOOTER });
}
