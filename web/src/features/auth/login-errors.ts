import { ALREADY_LOGGED_IN_DETAIL, isApiError } from '../../lib/api-client';
import { CONTACT_ADMIN_FOOTER, errorText, showErrorDialog } from '../../lib/feedback';

/** The server's 409 for an account that holds an active session elsewhere. */
export const isAlreadyLoggedIn = (err: unknown) => isApiError(err) && err.detail === ALREADY_LOGGED_IN_DETAIL;

/** Login failures (spec section 8): the server's text with 'Contact admin'. */
export function showLoginError(err: unknown) {
  console.error(err);
  return showErrorDialog({ text: errorText(err), footer: CONTACT_ADMIN_FOOTER });
}
