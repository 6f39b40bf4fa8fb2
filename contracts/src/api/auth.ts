import {
  ZAuthMessageReply,
  ZCredentialReply,
  ZForgotPasswordBody,
  ZLoginBody,
  ZLoginReply,
  ZResetPasswordBody,
  ZSessionUser,
} from '../auth';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the auth operations beyond the generic ones. */
export const authErrors = defineErrors({
  /** Reset password: the link's token is unknown, used, replaced by a newer link, or expired. */
  RESET_TOKEN_INVALID: 400,
});

export const authEndpoints = defineEndpoints({
  loginUser: {
    method: 'POST',
    path: '/tire-man/login',
    summary:
      'Signs in with email and password and opens the account\'s one session (409 ALREADY_LOGGED_IN with detail "userIsAlreadyLogin" while another device holds it, unless takeover is sent). 429 RATE_LIMITED without checking the password once an address has LOGIN_RATE_LIMIT failures in 15 minutes, or the account has them and this address has failed too (an address without failures still signs in to a locked account). An unknown email costs the same time and gets the same 401 as a wrong password.',
    tag: 'auth',
    invalidates: 'nothing',
    access: 'public',
    body: ZLoginBody,
    reply: ZLoginReply,
    errors: ['UNAUTHORIZED', 'ALREADY_LOGGED_IN', 'RATE_LIMITED'],
  },
  getCredential: {
    method: 'POST',
    path: '/tire-man/credential',
    summary: 'The signed-in user of the bearer token.',
    tag: 'auth',
    invalidates: 'nothing',
    access: 'account',
    reply: ZCredentialReply,
  },
  getLoginUser: {
    method: 'GET',
    path: '/tire-man-login',
    summary: 'The signed-in user of the bearer token (GET form of the credential check).',
    tag: 'auth',
    access: 'account',
    reply: ZSessionUser,
  },
  logoutUser: {
    method: 'POST',
    path: '/tire-man-logout',
    summary: 'Ends the current session.',
    tag: 'auth',
    invalidates: 'nothing',
    access: 'account',
    reply: ZAuthMessageReply,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/tire-man/forgot-password',
    summary:
      "Sends a password reset link to the WhatsApp number of an account (valid PASSWORD_RESET_MINUTES, 30 by default; it replaces the account's previous link). Answers the same for a number without an account; limited per number and per address (429 RATE_LIMITED).",
    tag: 'auth',
    invalidates: 'nothing',
    access: 'public',
    body: ZForgotPasswordBody,
    reply: ZAuthMessageReply,
    errors: ['RATE_LIMITED'],
  },
  resetPassword: {
    method: 'POST',
    path: '/tire-man/reset-password',
    summary:
      "Sets a new password (at least 10 characters, not a common one) with the token of a reset link; the link works once, and the account's sessions and other links end.",
    tag: 'auth',
    invalidates: 'nothing',
    access: 'public',
    body: ZResetPasswordBody,
    reply: ZAuthMessageReply,
    errors: ['RESET_TOKEN_INVALID'],
  },
});
