import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import { ZDeletedReply, ZIdParams } from '../master-data';
import {
  ZForceLogoutReply,
  ZInviteReply,
  ZOwnSignatureBody,
  ZOwnSignatureReply,
  ZRegisterBody,
  ZRegisterReply,
  ZTireManListQuery,
  ZTireManOption,
  ZTireManRow,
  ZTireManUpdateBody,
  ZTireManUpdateReply,
} from '../users';

/** Error codes of the user (Tire Man admin) operations beyond the generic ones. */
export const usersErrors = defineErrors({
  /** The email or the phone number belongs to another account (`fields` names which). */
  USER_CONTACT_TAKEN: 409,
  /** The change would leave no admin (demoting or deleting the last one). */
  LAST_ADMIN: 409,
  /** An admin cannot delete their own account. */
  USER_DELETE_SELF: 409,
  /** The user has check history and cannot be deleted. */
  USER_HAS_HISTORY: 409,
  /** The WhatsApp gateway did not take the invitation (nothing was sent; the link was withdrawn). */
  WHATSAPP_FAILED: 502,
});

export const usersEndpoints = defineEndpoints({
  listTireMen: {
    method: 'GET',
    path: '/tire-man',
    summary: 'Pages the user accounts (Tire Man admin), with whether each has a live session.',
    tag: 'users',
    access: 'admin',
    query: ZTireManListQuery,
    reply: listResult(ZTireManRow),
  },
  listTireManOptions: {
    method: 'GET',
    path: '/tire-man-field',
    summary: 'Lists the tire men by name for selects.',
    tag: 'users',
    access: 'office',
    reply: z.array(ZTireManOption),
  },
  getTireMan: {
    method: 'GET',
    path: '/tire-man/:id',
    summary: 'One user account with its linked projects.',
    tag: 'users',
    access: 'admin',
    params: ZIdParams,
    reply: ZTireManRow,
    errors: ['NOT_FOUND'],
  },
  registerTireMan: {
    method: 'POST',
    path: '/tire-man/register',
    summary: 'Creates a user account (the registration wizard).',
    tag: 'users',
    invalidates: [],
    access: 'admin',
    body: ZRegisterBody,
    reply: ZRegisterReply,
    status: 201,
    errors: ['USER_CONTACT_TAKEN'],
  },
  saveOwnSignature: {
    method: 'PUT',
    path: '/tire-man/me/signature',
    summary: "Stores the signed-in user's own signature (an upload path).",
    tag: 'users',
    invalidates: ['profile'],
    access: 'account',
    body: ZOwnSignatureBody,
    reply: ZOwnSignatureReply,
  },
  updateTireMan: {
    method: 'PUT',
    path: '/tire-man/:id',
    summary: "Edits a user account; a password or role change ends that user's sessions.",
    tag: 'users',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    body: ZTireManUpdateBody,
    reply: ZTireManUpdateReply,
    errors: ['NOT_FOUND', 'USER_CONTACT_TAKEN', 'LAST_ADMIN'],
  },
  forceLogoutTireMan: {
    method: 'POST',
    path: '/tire-man/:id/force-logout',
    summary: 'Ends every active session of a user (force logout).',
    tag: 'users',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    reply: ZForceLogoutReply,
    errors: ['NOT_FOUND'],
  },
  inviteTireMan: {
    method: 'POST',
    path: '/tire-man/:id/invite',
    summary:
      "Sends the account's phone a WhatsApp invitation with a set-password link (valid INVITE_VALID_DAYS days; an earlier link ends).",
    tag: 'users',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    reply: ZInviteReply,
    errors: ['NOT_FOUND', 'WHATSAPP_FAILED'],
  },
  deleteTireMan: {
    method: 'DELETE',
    path: '/tire-man/:id',
    summary: 'Deletes a user account without check history, and closes its open pages.',
    tag: 'users',
    invalidates: [],
    access: 'admin',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND', 'USER_DELETE_SELF', 'LAST_ADMIN', 'USER_HAS_HISTORY'],
  },
});
