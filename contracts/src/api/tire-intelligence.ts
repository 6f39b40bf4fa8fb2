import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZAlertListQuery,
  ZAlertListReply,
  ZAlertSummary,
  ZPerformanceQuery,
  ZPerformanceReply,
  ZSizePressure,
  ZSizePressureUpdate,
  ZTireLife,
} from '../tire-intelligence';
import { ZTireIdParams } from '../tire-list';

/** Error codes of the tire-intelligence operations beyond the generic ones. */
export const tireIntelligenceErrors = defineErrors({});

const tag = 'tire-intelligence';

export const tireIntelligenceEndpoints = defineEndpoints({
  getTireLife: {
    method: 'GET',
    path: '/tire-intelligence/tires/:id',
    summary: "A tire's life, cost per km and mm, tread history and wear forecast.",
    tag,
    access: 'office',
    params: ZTireIdParams,
    reply: ZTireLife,
    errors: ['NOT_FOUND'],
  },
  getTireAlertSummary: {
    method: 'GET',
    path: '/tire-intelligence/alerts/summary',
    summary: 'Counts of installed tires per alert kind (critical tires), with the pull point.',
    tag,
    access: 'office',
    reply: ZAlertSummary,
  },
  listTireAlerts: {
    method: 'GET',
    path: '/tire-intelligence/alerts',
    summary: 'Installed tires with alerts, most urgent first, paged, with the alert summary.',
    tag,
    access: 'office',
    query: ZAlertListQuery,
    reply: ZAlertListReply,
  },
  getTirePerformance: {
    method: 'GET',
    path: '/tire-intelligence/performance',
    summary: 'Km per mm, wear rate and cost per km of tires grouped by brand, pattern or size.',
    tag,
    access: 'office',
    query: ZPerformanceQuery,
    reply: ZPerformanceReply,
  },
  exportTirePerformance: {
    method: 'GET',
    path: '/tire-intelligence/performance/export',
    summary: 'The tire performance table as an XLSX workbook.',
    tag,
    access: 'office',
    query: ZPerformanceQuery,
    reply: { file: 'xlsx' },
  },
  listSizePressures: {
    method: 'GET',
    path: '/tire-intelligence/size-pressures',
    summary: 'Reference pressure of every tire size in use, with its installed tire count.',
    tag,
    access: 'office',
    reply: z.array(ZSizePressure),
  },
  updateSizePressure: {
    method: 'PUT',
    path: '/tire-intelligence/size-pressures',
    summary: "Sets (or, with null, removes) a tire size's reference pressure.",
    tag,
    invalidates: [],
    access: 'office',
    body: ZSizePressureUpdate,
    reply: z.object({ message: z.string(), data: ZSizePressure }),
  },
});
