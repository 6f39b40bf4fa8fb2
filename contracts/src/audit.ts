import { z } from 'zod';
import { ZListQuery } from './list';
import { zNumeric } from './numeric';

const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const ZAuditDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Format tanggal yyyy-mm-dd')
  .refine(isRealDay, 'Tanggal tidak valid');

/** GET /api/audit: the audit log, newest first, filtered by who, what and when. */
export const ZAuditListQuery = ZListQuery.extend({
  userId: zNumeric(z.number({ error: 'Pengguna tidak valid' }).int().min(1).max(2_147_483_647).optional()),
  entity: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  dateStart: ZAuditDay.optional(),
  dateEnd: ZAuditDay.optional(),
}).refine((v) => !v.dateStart || !v.dateEnd || v.dateStart <= v.dateEnd, {
  message: 'Tanggal awal harus sebelum tanggal akhir',
  path: ['dateEnd'],
});
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;

/** One line of the log. `before`/`after` hold the values a change replaced and wrote, when it has them. */
export const ZAuditRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string(), role: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The entity's human key (a tire's serial, a unit's plate, a name); null when it is gone. */
  entityName: z.string().nullable(),
  // any JSON value or null (z.unknown() takes null; `.nullable()` on it would document `nullable`
  // without a type, which OpenAPI 3.0 does not allow)
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

/** The filter choices of the audit screen: the users, entities and actions the log holds. */
export const ZAuditOptions = z.object({
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
  entities: z.array(z.string()),
  actions: z.array(z.string()),
});
export type TAuditOptions = z.infer<typeof ZAuditOptions>;

/** Before/after of an audit line: explicit `before`/`after`, a creation's values, a deletion's values. */
export function auditDiff(
  action: string,
  detail: unknown,
): { before: unknown; after: unknown; rest: unknown } {
  if (detail && typeof detail === 'object' && !Array.isArray(detail)) {
    const d = detail as Record<string, unknown>;
    if ('before' in d || 'after' in d) {
      const { before = null, after = null, ...rest } = d;
      return { before, after, rest: Object.keys(rest).length ? rest : null };
    }
    if ('from' in d && 'to' in d) {
      const { from, to, ...rest } = d;
      return { before: from, after: to, rest: Object.keys(rest).length ? rest : null };
    }
  }
  if (detail == null) return { before: null, after: null, rest: null };
  if (/(^|[.-])(create|register|approve)$/.test(action)) return { before: null, after: detail, rest: null };
  if (/(^|[.-])delete$/.test(action)) return { before: detail, after: null, rest: null };
  return { before: null, after: null, rest: detail };
}
