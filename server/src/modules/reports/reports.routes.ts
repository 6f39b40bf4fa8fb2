// HTTP of the records, reports and dashboard: parse, call the service, shape the reply or the XLSX.

import type { TAbsenceUnit } from '@itms/contracts/reports';
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
} from '@itms/contracts/reports';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors';
import { OFFICE } from '../../lib/roles';
import { absenceBody, createReportsService } from './reports.service';
import { sendXlsx } from './reports.xlsx';

/**
 * Report inputs are validated with `attachValidation` so that the reply carries the field's own
 * Indonesian message ('Mohon pilih tanggal terlebih dahulu') as its message, as the screens show it.
 */
function rejectInvalid(req: FastifyRequest): void {
  const err = req.validationError;
  if (!err) return;
  const issues = (err.validation ?? []) as { instancePath?: string; message?: string }[];
  const fields = issues.map((v) => ({
    field: (v.instancePath ?? '').replace(/^\//, '').split('/').join('.') || '(body)',
    message: v.message ?? 'Tidak valid',
  }));
  throw badRequest(fields[0]?.message ?? 'Data tidak valid', fields);
}

const cfg = { roles: OFFICE };
const tags = ['reports'];

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createReportsService(app.db, app.config.timezone);

  // ---------- Produktifitas ----------
  app.post(
    '/tire-check/querry/search',
    {
      config: cfg,
      attachValidation: true,
      schema: { tags, body: ZProductivityBody, response: { 200: ZProductivityReply } },
    },
    async (req) => {
      rejectInvalid(req);
      return reports.productivity(req.body.firstDate, req.body.lastDate);
    },
  );

  app.post(
    '/tire-check/querry/search/export',
    { config: cfg, attachValidation: true, schema: { tags, body: ZProductivityBody } },
    async (req, reply) => {
      rejectInvalid(req);
      const { firstDate, lastDate } = req.body;
      const res = await reports.productivity(firstDate, lastDate);
      return sendXlsx(reply, `produktifitas_${firstDate}_${lastDate}`, {
        name: 'Produktifitas',
        columns: [
          { header: 'Id', width: 8, value: (r) => r.id },
          { header: 'Nama', width: 32, value: (r) => r.name },
          { header: 'Total Pengecekan', width: 18, value: (r) => r.total_pengecekan },
          { header: 'Approved', width: 12, value: (r) => r.total_pengecekan_approved },
        ],
        rows: res.tire_man,
        footer: [null, 'Total', res.total, res.approved],
      });
    },
  );

  // ---------- Leaderboard ----------
  app.get(
    '/tire-check/leader-board',
    {
      config: cfg,
      attachValidation: true,
      schema: {
        tags,
        querystring: ZLeaderboardQuery,
        response: { 200: z.union([z.array(ZLeaderboardEntry), ZLeaderboardPage]) },
      },
    },
    async (req) => {
      rejectInvalid(req);
      const { dateStart, dateEnd } = reports.leaderboardRange(req.query.dateStart, req.query.dateEnd);
      if (req.query.page === undefined && req.query.pageSize === undefined) {
        return reports.leaderboard(dateStart, dateEnd);
      }
      return reports.leaderboardPage(dateStart, dateEnd, req.query.page ?? 1, req.query.pageSize ?? 10);
    },
  );

  app.get(
    '/tire-check/leader-board/export',
    { config: cfg, attachValidation: true, schema: { tags, querystring: ZLeaderboardQuery } },
    async (req, reply) => {
      rejectInvalid(req);
      const { dateStart, dateEnd } = reports.leaderboardRange(req.query.dateStart, req.query.dateEnd);
      const rows = await reports.leaderboard(dateStart, dateEnd);
      return sendXlsx(reply, `performance_${dateStart}_${dateEnd}`, {
        name: 'Performance',
        columns: [
          { header: 'Peringkat', width: 10, value: (r) => r.rank },
          { header: 'Id', width: 8, value: (r) => r.id },
          { header: 'Nama', width: 32, value: (r) => r.userName },
          { header: 'Total', width: 10, value: (r) => r.highScore },
        ],
        rows,
      });
    },
  );

  // ---------- Summary per region ----------
  app.post(
    '/tire-check/summary',
    {
      config: cfg,
      attachValidation: true,
      schema: { tags, body: ZSummaryBody, response: { 200: ZSummaryReply } },
    },
    async (req) => {
      rejectInvalid(req);
      return reports.summary(req.body.dateStart, req.body.dateEnd, req.body.regionId);
    },
  );

  app.post(
    '/tire-check/summary/export',
    { config: cfg, attachValidation: true, schema: { tags, body: ZSummaryBody } },
    async (req, reply) => {
      rejectInvalid(req);
      const { dateStart, dateEnd, regionId } = req.body;
      const res = await reports.summary(dateStart, dateEnd, regionId);
      return sendXlsx(reply, `summary-pengecekan_${dateStart}_${dateEnd}`, {
        name: 'Summary Pengecekan',
        columns: [
          { header: 'Id', width: 8, value: (r) => r.id },
          { header: 'Region', width: 28, value: (r) => r.region },
          { header: 'Total', width: 10, value: (r) => r.total },
          { header: 'Approved', width: 10, value: (r) => r.approved },
          { header: 'Tireman', width: 10, value: (r) => r.manpower },
          { header: 'PIC', width: 24, value: (r) => r.pic },
        ],
        rows: res.data,
      });
    },
  );

  // ---------- Absensi Unit Bulanan ----------
  app.post(
    '/tire-check/absent',
    {
      config: cfg,
      attachValidation: true,
      // the schema documents the reply; its body is sent as the JSON text absenceBody writes
      // (Fastify sends a JSON string as it is): parsing 5,000 units into objects, checking and
      // serialising them again took most of the request's CPU
      schema: { tags, body: ZAbsenceBody, response: { 200: ZAbsenceReply } },
    },
    async (req, reply) => {
      rejectInvalid(req);
      const body = absenceBody(await reports.absence(req.body));
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/tire-check/absent/export',
    { config: cfg, attachValidation: true, schema: { tags, body: ZAbsenceBody } },
    async (req, reply) => {
      rejectInvalid(req);
      const { meta, unitsJson } = await reports.absence({
        ...req.body,
        page: undefined,
        pageSize: undefined,
      });
      const res = { ...meta, units: JSON.parse(unitsJson) as TAbsenceUnit[] };
      type Line = TAbsenceUnit & { no: number };
      const dayCols = Array.from({ length: res.days }, (_, i) => ({
        header: String(i + 1),
        width: 4,
        value: (u: Line) => u.days[i] ?? 'N',
      }));
      return sendXlsx(reply, `absensi-unit_${res.month}`, {
        name: `Absensi ${res.month}`,
        columns: [
          { header: 'No', width: 6, value: (u: Line) => u.no },
          { header: 'No. Body', width: 16, value: (u) => u.plate_number },
          ...dayCols,
          { header: 'Total', width: 8, value: (u) => u.total },
        ],
        rows: res.units.map((u, i): Line => ({ ...u, no: i + 1 })),
      });
    },
  );

  // ---------- Rekam Pengecekan / Riwayat Pergantian ----------
  app.post(
    '/tire-check/querry/record/search',
    {
      config: cfg,
      attachValidation: true,
      schema: { tags, body: ZRecordSearch, response: { 200: ZCheckRecordPage } },
    },
    async (req) => {
      rejectInvalid(req);
      return reports.checkRecords(req.body);
    },
  );

  app.get(
    '/tire-replacement/record/search',
    {
      config: cfg,
      attachValidation: true,
      schema: { tags, querystring: ZRecordSearch, response: { 200: ZReplacementRecordPage } },
    },
    async (req) => {
      rejectInvalid(req);
      return reports.replacementRecords(req.query);
    },
  );

  // ---------- Dashboard ----------
  app.get(
    '/dashboard/counters',
    { config: cfg, schema: { tags, response: { 200: ZDashboardCounters } } },
    async () => reports.counters(),
  );
};
