// Storing (issue 38): breakdown calls logged by the office, dispatched to a tire man and measured by
// roll time (from the call to the truck rolling) and response time (from the call to his arrival).
import { z } from 'zod';
import { listResult, ZListQuery } from './list';
import { readNumber, zId, zOptionalId } from './numeric';
import { DATE_ORDER_MESSAGE, ordered, ZDay } from './reports';
import { CALL_ACTIONS, CALL_STATUSES } from './rules/storing';
import { ZOptionalPerformedAt } from './tire-checks';

export const BREAKDOWN_CAUSES = ['ban-pecah', 'bocor', 'lepas', 'velg', 'lainnya'] as const;
export type TBreakdownCause = (typeof BREAKDOWN_CAUSES)[number];
export const BREAKDOWN_CAUSE_LABELS: Record<TBreakdownCause, string> = {
  'ban-pecah': 'Ban pecah',
  bocor: 'Bocor',
  lepas: 'Ban lepas',
  velg: 'Velg',
  lainnya: 'Lainnya',
};

export const CALL_PRIORITIES = ['tinggi', 'normal'] as const;
export const CALL_PRIORITY_LABELS: Record<(typeof CALL_PRIORITIES)[number], string> = {
  tinggi: 'Tinggi',
  normal: 'Normal',
};

export const STORING_MESSAGES = {
  created: 'Panggilan storing dicatat',
  assigned: 'Panggilan ditugaskan',
  stepped: 'Langkah tercatat',
  cancelled: 'Panggilan dibatalkan',
  tiremanUnknown: 'Tire man tidak ditemukan',
  stepBeforePrevious: 'Waktu langkah ini lebih awal dari langkah sebelumnya',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} wajib diisi` })
    .trim()
    .min(1, `${label} wajib diisi`)
    .max(max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).optional().default('');
const coordinate = (label: string, bound: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : readNumber(v)),
    z
      .number({ error: `${label} harus angka` })
      .min(-bound, `${label} tidak valid`)
      .max(bound, `${label} tidak valid`)
      .optional(),
  );

/** POST /api/storing: a call as the office takes it on the phone. */
export const ZCallCreateBody = z.object({
  unit_id: zId('Unit wajib dipilih'),
  /** The positions involved, when the caller knows them. */
  positions: z.array(z.string().trim().min(1).max(10)).max(24).optional().default([]),
  cause: z.enum(BREAKDOWN_CAUSES, { error: 'Kejadian wajib dipilih' }),
  location_text: text('Lokasi', 300),
  lat: coordinate('Lintang', 90),
  lng: coordinate('Bujur', 180),
  caller_name: text('Nama penelepon', 120),
  caller_phone: z
    .string({ error: 'Nomor penelepon wajib diisi' })
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,20}$/, 'Nomor penelepon tidak valid'),
  priority: z.enum(CALL_PRIORITIES, { error: 'Prioritas wajib dipilih' }).default('normal'),
  note: optionalText('Catatan', 500),
});
export type TCallCreateBody = z.input<typeof ZCallCreateBody>;

/**
 * The call a replacement or BKB made on the phone answers ('Selesai' opens its form): the server
 * links it to the call when the call is his, of that unit and open or done (storing.service
 * linkCallWork); otherwise the work is stored unlinked.
 */
export const zStoringCallId = zOptionalId('Panggilan storing tidak valid');

/**
 * GET /api/storing/:id/suggestions: the tire men to send, the likeliest first: signed in, on the
 * unit's project, working in the truck's region (checks in the last 60 days), fewest open calls.
 */
export const ZCallSuggestion = z.object({
  id: z.number(),
  name: z.string(),
  /** He works on the unit's project. */
  same_project: z.boolean(),
  /** He checked trucks in the call's region in the last FIELD_RECENT_UNIT_DAYS days. */
  same_region: z.boolean(),
  /** His other calls still open. */
  open_calls: z.number(),
  /** He has a live session (his phone is signed in). */
  signed_in: z.boolean(),
});
export type TCallSuggestion = z.infer<typeof ZCallSuggestion>;
export const ZCallSuggestionList = z.object({ data: z.array(ZCallSuggestion) });

/** POST /api/storing/:id/assign */
export const ZCallAssignBody = z.object({
  tireman_id: zId('Tire man wajib dipilih'),
});

/** POST /api/storing/:id/step: the tire man's tap (or the office on his behalf), with its time. */
export const ZCallStepBody = z.object({
  action: z.enum(['accept', 'depart', 'arrive', 'finish'], { error: 'Langkah tidak valid' }),
  /** When he tapped (the phone may send it later); blank: now. */
  performed_at: ZOptionalPerformedAt,
  /** 'Selesai': the replacement or BKB the call produced. */
  replacement_id: zOptionalId('Pergantian tidak valid'),
  mismatch_id: zOptionalId('BKB tidak valid'),
});
export type TCallStepBody = z.input<typeof ZCallStepBody>;

/** POST /api/storing/:id/cancel */
export const ZCallCancelBody = z.object({ reason: text('Alasan', 300) });

// the order is the list's own (open: longest waiting first; otherwise newest first): no sort key
export const ZCallListQuery = ZListQuery.omit({ sort: true }).extend({
  /** 'open' (default): calls still to close; 'all'; or one status. */
  status: z
    .enum(['open', 'all', ...CALL_STATUSES])
    .optional()
    .default('open'),
  /** One unit's calls (its page). */
  unit_id: zOptionalId('Unit tidak valid'),
});

export const ZCallEvent = z.object({
  id: z.number(),
  action: z.enum(CALL_ACTIONS),
  status: z.enum(CALL_STATUSES),
  /** When the step was taken (the tap on the phone). ISO 8601. */
  at: z.string(),
  /** When the server recorded it. */
  recorded_at: z.string(),
  by_name: z.string().nullable(),
  /** assign: the tire man it went to. */
  tireman_name: z.string().nullable(),
  note: z.string().nullable(),
});

export const ZCallRow = z.object({
  id: z.number(),
  status: z.enum(CALL_STATUSES),
  priority: z.enum(CALL_PRIORITIES),
  cause: z.enum(BREAKDOWN_CAUSES),
  unit_id: z.number(),
  plate_number: z.string(),
  project_name: z.string().nullable(),
  /** The region the truck was in when the call was taken (its last check's); null: never checked. */
  region_name: z.string().nullable(),
  positions: z.array(z.string()),
  location_text: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  caller_name: z.string(),
  caller_phone: z.string(),
  note: z.string(),
  tireman_id: z.number().nullable(),
  tireman_name: z.string().nullable(),
  called_at: z.string(),
  assigned_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  departed_at: z.string().nullable(),
  arrived_at: z.string().nullable(),
  done_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  replacement_id: z.number().nullable(),
  mismatch_id: z.number().nullable(),
  /** From the call to his arrival, in minutes (null until he arrives). */
  response_minutes: z.number().nullable(),
  /** From the call to the truck rolling ('Selesai'), in minutes. */
  roll_minutes: z.number().nullable(),
  /** The targets it is measured against (its project's, else its customer's, else the default); null: none set. */
  target: z
    .object({
      response_minutes: z.number(),
      roll_minutes: z.number(),
      scope: z.enum(['project', 'customer', 'default']),
    })
    .nullable(),
  /** Targets missed as of the reply (rules/storing.ts callBreaches). */
  breach: z.object({ response: z.boolean(), roll: z.boolean() }),
});
export type TCallRow = z.infer<typeof ZCallRow>;

export const ZCallListReply = listResult(ZCallRow);
export const ZCallDetail = ZCallRow.extend({ events: z.array(ZCallEvent) });
export type TCallDetail = z.infer<typeof ZCallDetail>;
export const ZCallReply = z.object({ message: z.string(), data: ZCallDetail });
export type TCallReply = z.infer<typeof ZCallReply>;

// ---------- targets ----------

export const TARGET_SCOPES = ['default', 'customer', 'project'] as const;
export type TTargetScope = (typeof TARGET_SCOPES)[number];
export const TARGET_SCOPE_LABELS: Record<TTargetScope, string> = {
  default: 'Semua (bawaan)',
  customer: 'Customer',
  project: 'Project',
};

const minutes = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : readNumber(v)),
    z
      .number({ error: `${label} wajib diisi` })
      .int(`${label} harus bilangan bulat (menit)`)
      .min(min, `${label} minimal ${min} menit`)
      .max(max, `${label} maksimal ${max} menit`),
  );

/**
 * PUT /api/storing-targets: the response and roll-time targets of the default, a customer or a
 * project (a project's wins over its customer's, which wins over the default). Saved again, it
 * replaces the one before.
 */
export const ZStoringTargetBody = z
  .object({
    scope: z.enum(TARGET_SCOPES, { error: 'Cakupan wajib dipilih' }),
    customer_id: zOptionalId('Customer tidak valid'),
    project_id: zOptionalId('Project tidak valid'),
    response_minutes: minutes('Target respons', 5, 1440),
    roll_minutes: minutes('Target roll time', 10, 2880),
  })
  .superRefine((b, ctx) => {
    if (b.scope === 'customer' && b.customer_id == null)
      ctx.addIssue({ code: 'custom', path: ['customer_id'], message: 'Customer wajib dipilih' });
    if (b.scope === 'project' && b.project_id == null)
      ctx.addIssue({ code: 'custom', path: ['project_id'], message: 'Project wajib dipilih' });
    if (b.roll_minutes < b.response_minutes)
      ctx.addIssue({
        code: 'custom',
        path: ['roll_minutes'],
        message: 'Target roll time tidak boleh lebih singkat dari target respons',
      });
  });
export type TStoringTargetBody = z.input<typeof ZStoringTargetBody>;

export const ZStoringTarget = z.object({
  id: z.number(),
  scope: z.enum(TARGET_SCOPES),
  customer_id: z.number().nullable(),
  project_id: z.number().nullable(),
  /** The customer's or project's name; null for the default. */
  name: z.string().nullable(),
  response_minutes: z.number(),
  roll_minutes: z.number(),
  updated_at: z.string(),
});
export type TStoringTarget = z.infer<typeof ZStoringTarget>;
export const ZStoringTargetList = z.object({ data: z.array(ZStoringTarget) });
export const ZStoringTargetReply = z.object({ message: z.string(), data: ZStoringTarget });

export const STORING_TARGET_MESSAGES = {
  saved: 'Target storing disimpan',
  deleted: 'Target storing dihapus',
} as const;

// ---------- report ----------

export const STORING_GROUPS = ['region', 'customer', 'project', 'tireman', 'cause'] as const;
export type TStoringGroup = (typeof STORING_GROUPS)[number];
export const STORING_GROUP_LABELS: Record<TStoringGroup, string> = {
  region: 'Region',
  customer: 'Customer',
  project: 'Project',
  tireman: 'Tire Man',
  cause: 'Kejadian',
};

/** GET /api/storing-report (and its export): the calls taken on these days (APP_TIMEZONE), grouped. */
export const ZStoringReportQuery = z
  .object({
    dateStart: ZDay,
    dateEnd: ZDay,
    groupBy: z.enum(STORING_GROUPS, { error: 'Pengelompokan tidak dikenal' }).optional().default('customer'),
  })
  .refine(ordered('dateStart', 'dateEnd'), { path: ['dateEnd'], message: DATE_ORDER_MESSAGE });
export type TStoringReportQuery = z.input<typeof ZStoringReportQuery>;

export const ZStoringReportRow = z.object({
  /** The group's id (region, customer, project, tire man) or cause; '' for the total, no tire man, no region. */
  key: z.string(),
  label: z.string(),
  calls: z.number(),
  done: z.number(),
  cancelled: z.number(),
  open: z.number(),
  /** Minutes from the call to arrival / to 'Selesai', over the calls that got there: median and 90th percentile. */
  response_median: z.number().nullable(),
  response_p90: z.number().nullable(),
  roll_median: z.number().nullable(),
  roll_p90: z.number().nullable(),
  /** Calls that missed their response / roll-time target (rules/storing.ts callBreaches). */
  response_breaches: z.number(),
  roll_breaches: z.number(),
});
export type TStoringReportRow = z.infer<typeof ZStoringReportRow>;
export const ZStoringReport = z.object({ rows: z.array(ZStoringReportRow), total: ZStoringReportRow });
export type TStoringReport = z.infer<typeof ZStoringReport>;
