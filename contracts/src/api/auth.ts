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
  /** Forgot password: no account has this WhatsApp number. */
  WHATSAPP_NUMBER_UNKNOWN: 400,
  /** Reset password: the link's token is unknown, used or expired. */
  RESET_TOKEN_INVALID: 400,
});

export const authEndpoints = defineEndpoints({
  loginUser: {
    method: 'POST',
    path: '/tire-man/login',
    summary:
      'Signs in with email and password and opens the account\'s one session (409 ALREADY_LOGGED_IN with detail "userIsAlreadyLogin" while another device holds it, unless takeover is sent).',
    tag: 'auth',
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
    access: 'any',
    reply: ZCredentialReply,
  },
  getLoginUser: {
    method: 'GET',
    path: '/tire-man-login',
    summary: 'The signed-in user of the bearer token (GET form of the credential check).',
    tag: 'auth',
    access: 'any',
    reply: ZSessionUser,
  },
  logoutUser: {
    method: 'POST',
    path: '/tire-man-logout',
    summary: 'Ends the current session.',
    tag: 'auth',
    access: 'any',
    reply: ZAuthMessageReply,
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/tire-man/forgot-password',
    summary: 'Sends a password reset link (valid 30 minutes) to the WhatsApp number of an account.',
    tag: 'auth',
    access: 'public',
    body: ZForgotPasswordBody,
    reply: ZAuthMessageReply,
    errors: ['WHATSAPP_NUMBER_UNKNOWN'],
  },
  resetPassword: {
    method: 'POST',
    path: '/tire-man/reset-password',
    summary: "Sets a new password with the token of a reset link and ends the account's sessions.",
    tag: 'auth',
    access: 'public',
    body: ZResetPasswordBody,
    reply: ZAuthMessageReply,
    errors: ['RESET_TOKEN_INVALID'],
  },
});
