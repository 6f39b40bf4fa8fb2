// HTTP of the records, reports and dashboard: parse, call the service, shape the reply or the XLSX.

import { API } from '@itms/contracts/api';
import { ZONES } from '@itms/contracts/defect-codes';
import {
  FINDINGS_GROUP_LABELS,
  type TAbsenceUnit,
  type TCheckRecordRow,
  type TFindingsRow,
  type TReplacementRecordRow,
} from '@itms/contracts/reports';

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint';
import { badRequest } from '../../lib/errors';
import { recordFilterTitle } from '../../lib/record-filters';
import { sendXlsx } from '../../lib/xlsx-export';
import type { CheckTireFindings } from './reports.queries';
import { absenceBody, createReportsService } from './reports.service';

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

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  // every report route validates with attachValidation (rejectInvalid answers the field's message);
  // route() takes no such option, so this plugin's own routes get it here (the hook is encapsulated)
  app.addHook('onRoute', (opts) => {
    opts.attachValidation = true;
  });
  const reports = createReportsService(app.db, app.config.timezone);

  // ---------- Produktifitas ----------
  route(app, API.getProductivity, async (req) => {
    rejectInvalid(req);
    return reports.productivity(req.body.firstDate, req.body.lastDate);
  });

  route(app, API.exportProductivity, async (req, reply) => {
    rejectInvalid(req);
    const { firstDate, lastDate } = req.body;
    const res = await reports.productivity(firstDate, lastDate);
    return sendXlsx(reply, {
      filename: `produktifitas_${firstDate}_${lastDate}`,
      sheet: 'Produktifitas',
      title: 'Produktifitas',
      period: { start: firstDate, end: lastDate },
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Nama', width: 32, value: (r) => r.name },
        { header: 'Total Pengecekan', width: 18, value: (r) => r.total_pengecekan },
        { header: 'Approved', width: 12, value: (r) => r.total_pengecekan_approved },
      ],
      rows: res.tire_man,
      footer: [null, 'Total', res.total, res.approved],
    });
  });

  // ---------- Leaderboard ----------
  route(app, API.getLeaderboard, async (req) => {
    rejectInvalid(req);
    const { dateStart, dateEnd } = reports.leaderboardRange(req.query.dateStart, req.query.dateEnd);
    if (req.query.page === undefined && req.query.pageSize === undefined) {
      return reports.leaderboard(dateStart, dateEnd);
    }
    return reports.leaderboardPage(dateStart, dateEnd, req.query.page ?? 1, req.query.pageSize ?? 10);
  });

  route(app, API.exportLeaderboard, async (req, reply) => {
    rejectInvalid(req);
    const { dateStart, dateEnd } = reports.leaderboardRange(req.query.dateStart, req.query.dateEnd);
    const rows = await reports.leaderboard(dateStart, dateEnd);
    return sendXlsx(reply, {
      filename: `performance_${dateStart}_${dateEnd}`,
      sheet: 'Performance',
      title: 'Performance Tire Man',
      period: { start: dateStart, end: dateEnd },
      columns: [
        { header: 'Peringkat', width: 10, value: (r) => r.rank },
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Nama', width: 32, value: (r) => r.userName },
        { header: 'Total', width: 10, value: (r) => r.highScore },
      ],
      rows,
    });
  });

  // ---------- Summary per region ----------
  route(app, API.getCheckSummary, async (req) => {
    rejectInvalid(req);
    return reports.summary(req.body.dateStart, req.body.dateEnd, req.body.regionId);
  });

  route(app, API.exportCheckSummary, async (req, reply) => {
    rejectInvalid(req);
    const { dateStart, dateEnd, regionId } = req.body;
    const res = await reports.summary(dateStart, dateEnd, regionId);
    return sendXlsx(reply, {
      filename: `summary-pengecekan_${dateStart}_${dateEnd}`,
      sheet: 'Summary Pengecekan',
      title: 'Summary Pengecekan',
      period: { start: dateStart, end: dateEnd },
      filters: [
        ['Region', regionId === undefined ? undefined : res.data.find((r) => r.id === regionId)?.region],
      ],
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Region', width: 28, value: (r) => r.region },
        { header: 'Total', width: 10, value: (r) => r.total },
        { header: 'Approved', width: 10, value: (r) => r.approved },
        { header: 'Tireman', width: 10, value: (r) => r.tire_men },
        { header: 'PIC', width: 24, value: (r) => r.pic },
      ],
      rows: res.data,
    });
  });

  // ---------- Absensi Unit Bulanan ----------
  // the schema documents the reply; its body is sent as the JSON text absenceBody writes
  // (Fastify sends a JSON string as it is): parsing 5,000 units into objects, checking and
  // serialising them again took most of the request's CPU
  route(app, API.getUnitAbsence, async (req, reply) => {
    rejectInvalid(req);
    const body = absenceBody(await reports.absence(req.body));
    return reply.type('application/json; charset=utf-8').send(body as never);
  });

  route(app, API.exportUnitAbsence, async (req, reply) => {
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
    return sendXlsx(reply, {
      filename: `absensi-unit_${res.month}`,
      sheet: `Absensi ${res.month}`,
      title: 'Absensi Unit Bulanan',
      period: { start: res.dateStart, end: res.dateEnd },
      filters: [
        ['Pencarian', req.body.q],
        ['Hanya unit yang dicek', req.body.onlyChecked ? 'ya' : undefined],
      ],
      columns: [
        { header: 'No', width: 6, value: (u: Line) => u.no },
        { header: 'No. Body', width: 16, value: (u) => u.plate_number },
        ...dayCols,
        { header: 'Total', width: 8, value: (u) => u.total },
      ],
      rows: res.units.map((u, i): Line => ({ ...u, no: i + 1 })),
    });
  });

  // ---------- Rekam Pengecekan / Riwayat Pergantian ----------
  route(app, API.searchCheckRecords, async (req) => {
    rejectInvalid(req);
    return reports.checkRecords(req.body);
  });

  route(app, API.searchReplacementRecords, async (req) => {
    rejectInvalid(req);
    return reports.replacementRecords(req.query);
  });

  route(app, API.exportCheckRecords, async (req, reply) => {
    rejectInvalid(req);
    const s = req.query;
    return sendXlsx<TCheckRecordRow & { findings: CheckTireFindings }>(reply, {
      filename: `rekam-pengecekan_${s.dateStart}_${s.dateEnd}`,
      sheet: 'Rekam Pengecekan',
      title: 'Rekam Pengecekan',
      period: { start: s.dateStart, end: s.dateEnd },
      filters: await recordFilterTitle(app.db, s),
      rows: (offset, limit) => reports.checkExportBatch(s, offset, limit),
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Tire Man', width: 24, value: (r) => r.tireman_tire_check.name },
        { header: 'No. Body', width: 14, value: (r) => r.plate_number },
        { header: 'Lokasi', width: 22, value: (r) => r.Location.name },
        { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.performed_at },
        { header: 'Status', width: 10, value: (r) => r.status },
        { header: 'Diterima Server', width: 17, kind: 'datetime', value: (r) => r.createdAt },
        // the tires' defects, one column per zone, named by the catalogue ('Pos 3: 23 Sidewall Cut')
        ...ZONES.map((z, i) => ({
          header: `Kerusakan ${z.short}`,
          width: 28,
          value: (r: { findings: CheckTireFindings }) => r.findings.zones[i] || null,
        })),
        { header: 'Foto Ban', width: 10, value: (r) => r.findings.tire_photos },
      ],
    });
  });

  route(app, API.exportReplacementRecords, async (req, reply) => {
    rejectInvalid(req);
    const s = req.query;
    return sendXlsx<TReplacementRecordRow>(reply, {
      filename: `riwayat-pergantian_${s.dateStart}_${s.dateEnd}`,
      sheet: 'Riwayat Pergantian',
      title: 'Riwayat Pergantian',
      period: { start: s.dateStart, end: s.dateEnd },
      filters: await recordFilterTitle(app.db, s),
      rows: (offset, limit) => reports.replacementRecordBatch(s, offset, limit),
      columns: [
        { header: 'Id', width: 8, value: (r) => r.id },
        { header: 'Tire Man', width: 24, value: (r) => r.Tire_Man.name },
        { header: 'No. Body', width: 14, value: (r) => r.plate_number },
        { header: 'Lokasi', width: 22, value: (r) => r.Location.name },
        { header: 'Tanggal', width: 17, kind: 'datetime', value: (r) => r.performed_at },
        { header: 'Status', width: 10, value: (r) => r.status },
        { header: 'Diterima Server', width: 17, kind: 'datetime', value: (r) => r.createdAt },
      ],
    });
  });

  // ---------- Temuan (issue 37, item 7) ----------
  route(app, API.getFindings, async (req) => {
    rejectInvalid(req);
    return reports.findings(req.query);
  });

  route(app, API.exportFindings, async (req, reply) => {
    rejectInvalid(req);
    const f = req.query;
    const res = await reports.findings(f);
    const names = await reports.findingsFilterNames(f.regionId, f.customerId);
    const groupLabel = FINDINGS_GROUP_LABELS[res.group];
    return sendXlsx<TFindingsRow>(reply, {
      filename: `temuan_${res.group}_${f.dateStart}_${f.dateEnd}`,
      sheet: 'Temuan',
      title: `Temuan per ${groupLabel}`,
      period: { start: f.dateStart, end: f.dateEnd },
      filters: [
        ['Region', names.region],
        ['Customer', names.customer],
      ],
      columns: [
        { header: groupLabel, width: 32, value: (r) => r.label },
        { header: 'Kerusakan', width: 12, value: (r) => r.defects },
        { header: 'Ban', width: 10, value: (r) => r.tires },
        { header: 'Tidak aman', width: 12, value: (r) => r.unsafe },
      ],
      rows: res.data,
      footer: ['Total', res.totals.defects, res.totals.tires, res.totals.unsafe],
    });
  });

  // ---------- Dashboard ----------
  route(app, API.getDashboardCounters, async () => reports.counters());
};
