import { defineEndpoints, defineErrors } from '../endpoint';
import { GLOBAL_SEARCH_LIMIT, ZGlobalSearchQuery, ZGlobalSearchReply } from '../search';

/** The global search answers no codes of its own. */
export const searchErrors = defineErrors({});

export const searchEndpoints = defineEndpoints({
  globalSearch: {
    method: 'GET',
    path: '/search',
    summary: `The top bar search: up to ${GLOBAL_SEARCH_LIMIT} units by plate (spaces ignored), tires by serial and tire men by name, each containing q (case-insensitive).`,
    tag: 'search',
    access: 'office',
    query: ZGlobalSearchQuery,
    reply: ZGlobalSearchReply,
  },
});
