import type { TAuditOptions } from '@itms/contracts/audit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/audit: the audit log (server-paged), for usePagedList. */
export const AUDIT_LIST = { key: 'audit-log', path: '/audit' } as const;

/** GET /api/audit/options: the users, entities and actions the filters offer. */
export const auditOptionsQuery = queryOptions({
  queryKey: ['audit-options'],
  queryFn: ({ signal }) => api.get<TAuditOptions>('/audit/options', { signal }),
  staleTime: 60_000,
});

export const useAuditOptions = () => useQuery(auditOptionsQuery);
