import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZFieldBootstrap,
  ZFieldHistoryQuery,
  ZFieldHistoryRow,
  ZFieldReturnedDetail,
  ZFieldReturnedParams,
  ZFieldUnit,
  ZFieldUnitSearchQuery,
  ZFieldUnitSearchRow,
  ZTiremanPlan,
} from '../field';
import { listResult } from '../list';
import { ZIdParams } from '../master-data';

/** Error codes of the field operations beyond the generic ones. */
export const fieldErrors = defineErrors({});

export const fieldEndpoints = defineEndpoints({
  getFieldBootstrap: {
    method: 'GET',
    path: '/field/bootstrap',
    summary:
      "Everything the tire man's phone needs offline, with a weak ETag; If-None-Match with it answers 304 and no body.",
    tag: 'field',
    access: 'field',
    reply: ZFieldBootstrap,
    otherReplies: { 304: z.null().describe('Not Modified') },
  },
  searchFieldUnits: {
    method: 'GET',
    path: '/field/units',
    summary: 'Plate search over all units for the field app (case-insensitive, spaces ignored).',
    tag: 'field',
    access: 'field',
    query: ZFieldUnitSearchQuery,
    reply: listResult(ZFieldUnitSearchRow),
  },
  getFieldUnit: {
    method: 'GET',
    path: '/field/units/:id',
    summary:
      'One unit found by the search, as the snapshot holds units (diagram, last check, tires), to keep on the phone.',
    tag: 'field',
    access: 'field',
    params: ZIdParams,
    reply: ZFieldUnit,
    errors: ['NOT_FOUND'],
  },
  listFieldHistory: {
    method: 'GET',
    path: '/field/history',
    summary: "The signed-in tire man's submissions and where each stands, newest first.",
    tag: 'field',
    access: 'field',
    query: ZFieldHistoryQuery,
    reply: listResult(ZFieldHistoryRow),
  },
  getFieldReturned: {
    method: 'GET',
    path: '/field/returned/:kind/:id',
    summary: "One of the tire man's returned checks or replacements, whole, to redo it.",
    tag: 'field',
    access: 'field',
    params: ZFieldReturnedParams,
    reply: ZFieldReturnedDetail,
    errors: ['NOT_FOUND'],
  },
  getTiremanPlan: {
    method: 'GET',
    path: '/tire-man-plan/:id',
    summary:
      "A tire man's day plan (Tugas): the units of his projects not checked this month, oldest last check first, as his phone shows it.",
    tag: 'field',
    access: 'office',
    params: ZIdParams,
    reply: ZTiremanPlan,
    errors: ['NOT_FOUND'],
  },
});
