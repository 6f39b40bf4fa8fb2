import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZInboxItem,
  ZInboxListQuery,
  ZInboxPreferences,
  ZInboxPreferencesBody,
  ZInboxPreferencesReply,
  ZInboxReadReply,
  ZInboxUnreadReply,
} from '../inbox';
import { listResult } from '../list';
import { ZIdParams } from '../master-data';

/** Error codes of the inbox operations beyond the generic ones. */
export const inboxErrors = defineErrors({});

export const inboxEndpoints = defineEndpoints({
  listInbox: {
    method: 'GET',
    path: '/inbox',
    summary:
      "The signed-in office user's inbox, newest first, paged; `unread=true` lists only what he has not read. Each item links to its screen.",
    tag: 'inbox',
    access: 'office',
    query: ZInboxListQuery,
    reply: listResult(ZInboxItem),
  },
  getInboxUnreadCount: {
    method: 'GET',
    path: '/inbox/unread-count',
    summary: "How many of the signed-in user's inbox items are unread (the bell's badge).",
    tag: 'inbox',
    access: 'office',
    reply: ZInboxUnreadReply,
  },
  readInboxItem: {
    method: 'POST',
    path: '/inbox/:id/read',
    summary:
      "Marks one of the signed-in user's own items read (again is harmless); 404 for an item that is not his. Other users' copies stay unread.",
    tag: 'inbox',
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZInboxReadReply,
    errors: ['NOT_FOUND'],
  },
  readAllInbox: {
    method: 'POST',
    path: '/inbox/read-all',
    summary: 'Marks every unread item of the signed-in user read.',
    tag: 'inbox',
    invalidates: [],
    access: 'office',
    reply: ZInboxReadReply,
  },
  getInboxPreferences: {
    method: 'GET',
    path: '/inbox/preferences',
    summary: 'Which kinds of items the signed-in user receives (each on until he turns it off).',
    tag: 'inbox',
    access: 'office',
    reply: ZInboxPreferences,
  },
  saveInboxPreferences: {
    method: 'PUT',
    path: '/inbox/preferences',
    summary:
      'Turns kinds of items on or off for the signed-in user; kinds not named keep their choice. Items already received stay.',
    tag: 'inbox',
    invalidates: [],
    access: 'office',
    body: ZInboxPreferencesBody,
    reply: ZInboxPreferencesReply,
  },
});
