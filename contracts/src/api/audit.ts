import { ZAuditListQuery, ZAuditOptions, ZAuditRow } from '../audit';
import { defineEndpoints, defineErrors } from '../endpoint';
import { listResult } from '../list';

/** Error codes of the audit operations beyond the generic ones. */
export const auditErrors = defineErrors({});

export const auditEndpoints = defineEndpoints({
  listAuditLog: {
    method: 'GET',
    path: '/audit',
    summary: 'The audit log, newest first, paged and filtered by user, entity, action and date range.',
    tag: 'audit',
    access: 'admin',
    query: ZAuditListQuery,
    reply: listResult(ZAuditRow),
  },
  getAuditOptions: {
    method: 'GET',
    path: '/audit/options',
    summary: 'The filter choices of the audit log: the users, entities and actions it holds.',
    tag: 'audit',
    access: 'admin',
    reply: ZAuditOptions,
  },
});
