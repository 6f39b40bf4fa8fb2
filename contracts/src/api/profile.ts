import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZPasswordChangeBody,
  ZPasswordChangeReply,
  ZProfile,
  ZProfileUpdateBody,
  ZProfileUpdateReply,
} from '../profile';

/** Error codes of the profile operations beyond the generic ones (a taken phone is USER_CONTACT_TAKEN). */
export const profileErrors = defineErrors({});

export const profileEndpoints = defineEndpoints({
  getProfile: {
    method: 'GET',
    path: '/me',
    summary: "The signed-in user's own account (Profil saya).",
    tag: 'profile',
    access: 'account',
    reply: ZProfile,
    errors: ['NOT_FOUND'],
  },
  updateProfile: {
    method: 'PUT',
    path: '/me',
    summary: "Saves the signed-in user's name, phone, photo and stored signature.",
    tag: 'profile',
    invalidates: ['users'],
    access: 'account',
    body: ZProfileUpdateBody,
    reply: ZProfileUpdateReply,
    errors: ['NOT_FOUND', 'USER_CONTACT_TAKEN'],
  },
  changePassword: {
    method: 'PUT',
    path: '/me/password',
    summary:
      "Changes the signed-in user's password after checking the current one; other sessions end. 429 RATE_LIMITED without checking once the account or the address has LOGIN_RATE_LIMIT wrong current passwords in 15 minutes.",
    tag: 'profile',
    invalidates: 'nothing',
    access: 'account',
    body: ZPasswordChangeBody,
    reply: ZPasswordChangeReply,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  },
});
