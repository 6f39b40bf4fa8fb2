import { defineEndpoints, defineErrors } from '../endpoint';
import { ZIdParams } from '../master-data';
import { ZMessageReply } from '../mismatches';
import {
  ZCallAssignBody,
  ZCallCancelBody,
  ZCallCreateBody,
  ZCallDetail,
  ZCallListQuery,
  ZCallListReply,
  ZCallReply,
  ZCallStepBody,
  ZCallSuggestionList,
  ZStoringReport,
  ZStoringReportQuery,
  ZStoringTargetBody,
  ZStoringTargetList,
  ZStoringTargetReply,
} from '../storing';

/** Error codes of Storing beyond the generic ones. */
export const storingErrors = defineErrors({
  /** A step the call's status does not allow (rules/storing.ts CALL_TRANSITIONS). */
  STORING_STEP_OUT_OF_ORDER: 409,
  /** A tire man's step on a call assigned to someone else, or an office step by a tire man. */
  STORING_NOT_YOURS: 403,
});

const tag = 'storing';

export const storingEndpoints = defineEndpoints({
  listCalls: {
    method: 'GET',
    path: '/storing',
    summary:
      'Breakdown calls, paged in SQL: open ones (default) oldest call first, or every call / one status newest first; q matches the plate. A tire man gets only the calls assigned to him.',
    tag,
    access: 'any',
    query: ZCallListQuery,
    reply: ZCallListReply,
  },
  getCall: {
    method: 'GET',
    path: '/storing/:id',
    summary:
      'A breakdown call with its timed history (each step, who took it, reassignments). A tire man reads only his own calls (404 otherwise).',
    tag,
    access: 'any',
    params: ZIdParams,
    reply: ZCallDetail,
    errors: ['NOT_FOUND'],
  },
  listCallSuggestions: {
    method: 'GET',
    path: '/storing/:id/suggestions',
    summary:
      "The tire men to send on a call, likeliest first: signed in, on the unit's project, working in the truck's region (checks in the last 60 days), fewest open calls.",
    tag,
    access: 'office',
    params: ZIdParams,
    reply: ZCallSuggestionList,
    errors: ['NOT_FOUND'],
  },
  createCall: {
    method: 'POST',
    path: '/storing',
    summary:
      'Logs a breakdown call: the unit, positions if known, what happened, where, who called, priority. Status baru.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    body: ZCallCreateBody,
    reply: ZCallReply,
    status: 201,
    errors: ['NOT_FOUND'],
  },
  assignCall: {
    method: 'POST',
    path: '/storing/:id/assign',
    summary:
      'Assigns the call to a tire man (again, before he is on his way: the history keeps the earlier one). His phone hears of it at once.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    body: ZCallAssignBody,
    reply: ZCallReply,
    errors: ['NOT_FOUND', 'STORING_STEP_OUT_OF_ORDER'],
  },
  stepCall: {
    method: 'POST',
    path: '/storing/:id/step',
    summary:
      "The assigned tire man's Terima, Berangkat, Tiba or Selesai, timed at his tap (performed_at; not before the step before it), or the office on his behalf. The same step sent again (a replay from the phone's outbox) answers the call as it is.",
    tag,
    invalidates: ['reports'],
    access: 'any',
    // the phone's outbox sends it with the key of the tap: a lost reply retried is one step
    idempotent: true,
    params: ZIdParams,
    body: ZCallStepBody,
    reply: ZCallReply,
    errors: ['NOT_FOUND', 'STORING_STEP_OUT_OF_ORDER', 'STORING_NOT_YOURS'],
  },
  cancelCall: {
    method: 'POST',
    path: '/storing/:id/cancel',
    summary: 'Cancels an open call with a reason.',
    tag,
    invalidates: ['reports'],
    access: 'office',
    params: ZIdParams,
    body: ZCallCancelBody,
    reply: ZCallReply,
    errors: ['NOT_FOUND', 'STORING_STEP_OUT_OF_ORDER'],
  },
  getStoringReport: {
    method: 'GET',
    path: '/storing-report',
    summary:
      'Breakdown calls taken on the days given (APP_TIMEZONE), by customer, project, tire man or cause: counts, response and roll time (median, p90, in SQL) and the targets missed, with the total.',
    tag,
    access: 'office',
    query: ZStoringReportQuery,
    reply: ZStoringReport,
  },
  exportStoringReport: {
    method: 'GET',
    path: '/storing-report/export',
    summary: 'The same report as an XLSX file.',
    tag,
    access: 'office',
    query: ZStoringReportQuery,
    reply: { file: 'xlsx' },
  },
  listStoringTargets: {
    method: 'GET',
    path: '/storing-targets',
    summary:
      "The response and roll-time targets: the default first, then customers and projects by name. A call is measured by its project's, else its customer's, else the default.",
    tag,
    access: 'office',
    reply: ZStoringTargetList,
  },
  saveStoringTarget: {
    method: 'PUT',
    path: '/storing-targets',
    summary: 'Sets the targets of the default, a customer or a project (replacing the ones before). Audited.',
    tag,
    invalidates: ['reports'],
    access: 'admin',
    body: ZStoringTargetBody,
    reply: ZStoringTargetReply,
    errors: ['NOT_FOUND'],
  },
  deleteStoringTarget: {
    method: 'DELETE',
    path: '/storing-targets/:id',
    summary: "Removes a target: its calls fall back to the customer's or the default. Audited.",
    tag,
    invalidates: ['reports'],
    access: 'admin',
    params: ZIdParams,
    reply: ZMessageReply,
    errors: ['NOT_FOUND'],
  },
});
