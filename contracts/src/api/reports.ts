import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';
import {
  ZAbsenceBody,
  ZAbsenceReply,
  ZCheckRecordPage,
  ZDashboardCounters,
  ZLeaderboardEntry,
  ZLeaderboardPage,
  ZLeaderboardQuery,
  ZProductivityBody,
  ZProductivityReply,
  ZRecordSearch,
  ZReplacementRecordPage,
  ZSummaryBody,
  ZSummaryReply,
} from '../reports';

/** Error codes of the reports operations beyond the generic ones. */
export const reportsErrors = defineErrors({});

const tag = 'reports';

export const reportsEndpoints = defineEndpoints({
  getProductivity: {
    method: 'POST',
    path: '/tire-check/querry/search',
    summary: 'Checks made and approved per tire man in a date range (dashboard productivity).',
    tag,
    access: 'office',
    body: ZProductivityBody,
    reply: ZProductivityReply,
  },
  exportProductivity: {
    method: 'POST',
    path: '/tire-check/querry/search/export',
    summary: 'The productivity report of a date range as an XLSX workbook.',
    tag,
    access: 'office',
    body: ZProductivityBody,
    reply: { file: 'xlsx' },
  },
  getLeaderboard: {
    method: 'GET',
    path: '/tire-check/leader-board',
    summary:
      'Tire men ranked by checks in a date range (default: this month): the whole list, or a page when page or pageSize is given.',
    tag,
    access: 'office',
    query: ZLeaderboardQuery,
    reply: z.union([z.array(ZLeaderboardEntry), ZLeaderboardPage]),
  },
  exportLeaderboard: {
    method: 'GET',
    path: '/tire-check/leader-board/export',
    summary: 'The leaderboard of a date range as an XLSX workbook.',
    tag,
    access: 'office',
    query: ZLeaderboardQuery,
    reply: { file: 'xlsx' },
  },
  getCheckSummary: {
    method: 'POST',
    path: '/tire-check/summary',
    summary: 'Checks per region in a date range against its target, with what awaits each signature.',
    tag,
    access: 'office',
    body: ZSummaryBody,
    reply: ZSummaryReply,
    errors: ['NOT_FOUND'],
  },
  exportCheckSummary: {
    method: 'POST',
    path: '/tire-check/summary/export',
    summary: 'The check summary per region as an XLSX workbook.',
    tag,
    access: 'office',
    body: ZSummaryBody,
    reply: { file: 'xlsx' },
    errors: ['NOT_FOUND'],
  },
  getUnitAbsence: {
    method: 'POST',
    path: '/tire-check/absent',
    summary: 'Monthly unit attendance: which days of the month each unit was checked, paged, with counts.',
    tag,
    access: 'office',
    body: ZAbsenceBody,
    reply: ZAbsenceReply,
  },
  exportUnitAbsence: {
    method: 'POST',
    path: '/tire-check/absent/export',
    summary: 'The monthly unit attendance of the whole fleet as an XLSX workbook.',
    tag,
    access: 'office',
    body: ZAbsenceBody,
    reply: { file: 'xlsx' },
  },
  searchCheckRecords: {
    method: 'POST',
    path: '/tire-check/querry/record/search',
    summary:
      'Tire check records performed in a date range, paged, optionally of one unit, tire man, location or status.',
    tag,
    access: 'office',
    body: ZRecordSearch,
    reply: ZCheckRecordPage,
  },
  exportCheckRecords: {
    method: 'GET',
    path: '/tire-check/querry/record/export',
    summary: 'The tire check records of the same search (every page) as an XLSX file.',
    tag,
    access: 'office',
    query: ZRecordSearch,
    reply: { file: 'xlsx' },
  },
  searchReplacementRecords: {
    method: 'GET',
    path: '/tire-replacement/record/search',
    summary:
      'Tire replacement records performed in a date range, paged, optionally of one unit, tire man, location or status.',
    tag,
    access: 'office',
    query: ZRecordSearch,
    reply: ZReplacementRecordPage,
  },
  exportReplacementRecords: {
    method: 'GET',
    path: '/tire-replacement/record/export',
    summary: 'The tire replacement records of the same search (every page) as an XLSX file.',
    tag,
    access: 'office',
    query: ZRecordSearch,
    reply: { file: 'xlsx' },
  },
  getDashboardCounters: {
    method: 'GET',
    path: '/dashboard/counters',
    summary:
      "The dashboard's counters: today's checks, validation queues, returned work, tire men and server time.",
    tag,
    access: 'office',
    reply: ZDashboardCounters,
  },
});
