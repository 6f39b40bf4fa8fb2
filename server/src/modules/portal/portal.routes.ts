import { API } from '@itms/contracts/api';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pgArray } from '../../db/client';
import { route } from '../../lib/endpoint';
import { notFound, unauthorized } from '../../lib/errors';
import { sendPdf } from '../../lib/pdf';
import { portalCustomer } from '../../lib/scope';
import { renderMismatchPdf } from '../mismatches/mismatch-pdf';
import { renderCheckPdf } from '../tire-checks/check-pdf';
import { unitTireCounts } from '../tire-intelligence/tire-intelligence.service';
import { renderReplacementPdf } from '../tire-replacements/replacement-pdf';
import { unitPageParts, unitRecords } from '../units/units.service';
import {
  currentMonth,
  customerById,
  customerUnits,
  fleetCounts,
  isValidatedRecordOf,
  lastValidatedCheck,
  monthlyReport,
  recordPhotoPaths,
  unitsOf,
} from './portal.queries';
import { sendReportPdf, sendReportXlsx } from './portal-report';
import { tireCost } from './tire-cost.queries';

/** The customer a portal request reads (a customer account: its own; the office: `customer_id`). */
function customerOf(req: FastifyRequest, requested: number | undefined): number {
  if (!req.auth) throw unauthorized();
  return portalCustomer(req.auth, requested);
}

/** The customer portal (issue 40): read-only, validated work, the customer's own units. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = { pullPointMm: app.config.tirePullPointMm, timezone: app.config.timezone };

  route(app, API.getPortalFleet, async (req) => {
    const customerId = customerOf(req, req.query.customer_id);
    const [counts, [tires]] = await Promise.all([
      fleetCounts(app.db, customerId, settings.timezone),
      unitTireCounts(app.db, settings, unitsOf(customerId), false),
    ]);
    return {
      ...counts,
      tires_mounted: tires?.mounted ?? 0,
      critical_tires: tires?.critical ?? 0,
      due_replacements: tires?.due ?? 0,
    };
  });

  route(app, API.listPortalUnits, async (req) => {
    const customerId = customerOf(req, req.query.customer_id);
    const page = await customerUnits(app.db, customerId, req.query, settings.timezone);
    const ids = page.data.map((u) => u.id);
    const tires = ids.length
      ? await unitTireCounts(app.db, settings, sql`select unnest(${pgArray(ids)}::int[])`)
      : [];
    const of = new Map(tires.map((t) => [t.unit_id, t]));
    return {
      ...page,
      data: page.data.map((u) => ({
        ...u,
        tires_mounted: of.get(u.id)?.mounted ?? 0,
        critical_tires: of.get(u.id)?.critical ?? 0,
      })),
    };
  });

  route(app, API.getPortalUnit, async (req) => {
    const [parts, last] = await Promise.all([
      unitPageParts(app.db, req.params.id),
      lastValidatedCheck(app.db, req.params.id),
    ]);
    if (!parts) throw notFound('Unit');
    const { unit } = parts;
    return {
      unit: {
        id: unit.id,
        plate_number: unit.plate_number,
        unit_type: unit.unit_type,
        project: unit.Project.name,
        customer: unit.Customer.name,
        status: unit.status,
        last_check_at: last,
      },
      pull_point_mm: settings.pullPointMm,
      tires: parts.tires,
      trends: parts.trends,
    };
  });

  route(app, API.listPortalUnitRecords, async (req) => {
    const page = await unitRecords(app.db, req.params.id, { ...req.query, approvedOnly: true });
    return { ...page, data: page.data.map(({ status: _validated, ...row }) => row) };
  });

  route(app, API.getPortalTireCost, async (req) => {
    const customerId = customerOf(req, req.query.customer_id);
    return tireCost(app.db, customerId, req.query, settings.timezone);
  });

  route(app, API.getPortalRecordPhotos, async (req) => {
    const paths = await recordPhotoPaths(app.db, req.params.id, req.query.kind, req.query.record_id);
    if (!paths) throw notFound('Data');
    const { urls } = await app.fileUrls.sign(paths.map((p) => p.path));
    return {
      photos: paths.flatMap(({ path, ...p }) => (urls[path] ? [{ ...p, url: urls[path] }] : [])),
    };
  });

  // the office's Cetak of a validated record on the unit (one renderer per kind, shared)
  const RENDER_PDF = {
    check: renderCheckPdf,
    replacement: renderReplacementPdf,
    mismatch: renderMismatchPdf,
  };
  route(app, API.getPortalRecordPdf, async (req, reply) => {
    const { kind, record_id } = req.query;
    if (!(await isValidatedRecordOf(app.db, req.params.id, kind, record_id))) throw notFound('Data');
    const deps = { db: app.db, storage: app.storage, timezone: settings.timezone };
    return sendPdf(reply, await RENDER_PDF[kind](deps, record_id));
  });

  /** The month's report of the customer the request reads. */
  const report = async (
    req: FastifyRequest,
    q: { customer_id?: number | undefined; month?: string | undefined },
  ) => {
    const customerId = customerOf(req, q.customer_id);
    const month = q.month ?? (await currentMonth(app.db, settings.timezone));
    const [customer, body] = await Promise.all([
      customerById(app.db, customerId),
      monthlyReport(app.db, customerId, month, settings.timezone),
    ]);
    return { customer, month, ...body };
  };

  route(app, API.getPortalReport, async (req) => report(req, req.query));
  route(app, API.exportPortalReport, async (req, reply) =>
    sendReportXlsx(reply, await report(req, req.query)),
  );
  route(app, API.getPortalReportPdf, async (req, reply) =>
    sendReportPdf(reply, await report(req, req.query)),
  );
};
