import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';
import { ZDeletedReply, ZIdParams, ZNewsBody, ZNewsListQuery, ZNewsReply, ZNewsRow } from '../master-data';

/** Error codes of the news operations beyond the generic ones. */
export const newsErrors = defineErrors({});

export const newsEndpoints = defineEndpoints({
  listNews: {
    method: 'GET',
    path: '/news',
    summary: 'The news items of the dashboard, paged, searched by title, text or author.',
    tag: 'news',
    access: 'office',
    query: ZNewsListQuery,
    reply: listResult(ZNewsRow),
  },
  getNews: {
    method: 'GET',
    path: '/news/:id',
    summary: 'One news item.',
    tag: 'news',
    access: 'office',
    params: ZIdParams,
    reply: ZNewsRow,
    errors: ['NOT_FOUND'],
  },
  createNews: {
    method: 'POST',
    path: '/news',
    summary: 'Adds a news item.',
    tag: 'news',
    invalidates: [],
    access: 'office',
    body: ZNewsBody,
    reply: ZNewsReply,
    status: 201,
  },
  updateNews: {
    method: 'PUT',
    path: '/news/:id',
    summary: "Changes a news item's title, text, author and image.",
    tag: 'news',
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    body: ZNewsBody,
    reply: ZNewsReply,
    errors: ['NOT_FOUND'],
  },
  deleteNews: {
    method: 'DELETE',
    path: '/news/:id',
    summary: 'Deletes a news item.',
    tag: 'news',
    invalidates: [],
    access: 'office',
    params: ZIdParams,
    reply: ZDeletedReply,
    errors: ['NOT_FOUND'],
  },
});
