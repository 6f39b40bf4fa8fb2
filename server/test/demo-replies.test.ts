// Issue 26: every read operation of the endpoint table, called on the demo data, answers JSON that
// its declared reply schema accepts. The strict serializer (testConfig) fails a request whose
// handler returns a field the schema does not name; this test catches the other direction: a
// schema that promises what the handler does not send, or sends in another shape.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API } from '@itms/contracts/api';
import { type Endpoint, fillPath } from '@itms/contracts/endpoint';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import { seedDemoIfEmpty } from '../src/db/seed/seed';
import { localStorage } from '../src/lib/storage';
import { openEmptyTestDatabase } from './helpers';

type Op = Endpoint & { reply: z.ZodType };
type Input = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

let database: Database;
let app: FastifyInstance;
let dir: string;
const tokens: Record<'admin' | 'tireMan', string> = { admin: '', tireMan: '' };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itms-replies-'));
  database = await openEmptyTestDatabase();
  const base = testConfig({ dataDir: dir });
  const uploads = path.join(dir, 'uploads');
  const storage = localStorage(uploads);
  app = await buildApp({
    config: { ...base, storage: { ...base.storage, localDir: uploads } },
    database,
    storage,
  });
  await app.ready();
  await seedDemoIfEmpty(database.db, storage, app.log);
  for (const [who, email] of [
    ['admin', 'admin@itms.local'],
    ['tireMan', 'tireman@itms.local'],
  ] as const) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    tokens[who] = res.json().access_token;
  }
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Calls an operation as the admin (or the demo tire man for the field's own reads). */
async function read(e: Op, input: Input = {}) {
  const token = e.access === 'field' && e.tag === 'field' ? tokens.tireMan : tokens.admin;
  const qs = new URLSearchParams(
    Object.entries(input.query ?? {}).map(([k, v]) => [k, String(v)]) as [string, string][],
  ).toString();
  const res = await app.inject({
    method: e.method,
    url: `/api${fillPath(e.path, input.params)}${qs ? `?${qs}` : ''}`,
    headers: { access_token: token },
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return res;
}

/** The first row of a list operation's reply. */
async function firstRow(e: Op, input: Input = {}): Promise<Record<string, unknown>> {
  const res = await read(e, input);
  const row = (res.json() as { data: Record<string, unknown>[] }).data[0];
  if (!row) throw new Error(`${e.operationId}: the demo data has no row`);
  return row;
}

const today = dayjs().format('YYYY-MM-DD');
const monthsAgo = dayjs().subtract(3, 'month').format('YYYY-MM-DD');
const range = { dateStart: monthsAgo, dateEnd: today };

/** The demo's first customer (the office names the customer whose portal it opens). */
async function demoCustomer(): Promise<number> {
  const customers = (await read(API.listCustomers)).json() as { id: number }[] | { data: { id: number }[] };
  return (Array.isArray(customers) ? customers : customers.data)[0]!.id;
}

/** The demo's first unit and a validated check of it, as the portal's record params and query. */
async function demoValidatedCheck(): Promise<Input> {
  const id = (await firstRow(API.listUnits)).id;
  const record = await firstRow(API.listPortalUnitRecords, { params: { id }, query: { kind: 'check' } });
  return { params: { id }, query: { kind: 'check', record_id: record.id } };
}

/** A breakdown call the admin logs on the demo's first unit (the demo has none yet): its id as params. */
async function newCall(): Promise<Input> {
  const body = {
    unit_id: (await firstRow(API.listUnits)).id,
    cause: 'bocor',
    location_text: 'Pool',
    caller_name: 'Driver',
    caller_phone: '081234567890',
  };
  return {
    params: { id: ((await read(API.createCall, { body })).json() as { data: { id: number } }).data.id },
  };
}

/**
 * How to call each read operation that needs more than nothing: the path parameters of a record
 * the demo holds (found through its list), or a body. Every other read is called without input.
 */
const INPUTS: Record<string, () => Promise<Input>> = {
  getBanner: async () => ({ params: { id: (await firstRow(API.listBanners)).id } }),
  getCustomer: async () => ({ params: { id: (await firstRow(API.listCustomers)).id } }),
  getCall: () => newCall(),
  listCallSuggestions: () => newCall(),
  // the report needs its days (the demo's months)
  getStoringReport: async () => ({ query: range }),
  exportStoringReport: async () => ({ query: range }),
  getMismatch: async () => ({
    params: { id: (await firstRow(API.searchMismatchRecords, { body: range })).id },
  }),
  getNews: async () => ({ params: { id: (await firstRow(API.listNews)).id } }),
  getProject: async () => ({ params: { id: (await firstRow(API.listProjects)).id } }),
  getQcCheck: async () => ({ params: { id: (await firstRow(API.listQcChecks)).id } }),
  getRegion: async () => ({ params: { id: (await regions())[0]!.id } }),
  getLocation: async () => {
    const locations = (await read(API.listLocations)).json() as { id: number }[];
    return { params: { id: locations[0]!.id } };
  },
  getTireStockCard: async () => ({ params: { id: (await firstRow(API.listTires)).id } }),
  getTireCheck: async () => ({ params: { id: (await firstRow(API.listTireCheckQueue)).id } }),
  listTireCheckRecords: async () => ({ params: { id: (await firstRow(API.listTireCheckQueue)).id } }),
  getActiveUnitTires: async () => ({ params: { unitId: (await firstRow(API.listUnits)).id } }),
  getTireLife: async () => ({ params: { id: (await firstRow(API.listTires)).id } }),
  getReplacement: async () => ({ params: { id: (await firstRow(API.listReplacements)).id } }),
  getReplaceRecord: async () => {
    const id = (await firstRow(API.listReplacements)).id;
    const detail = (await read(API.getReplacement, { params: { id } })).json();
    return { params: { id: detail.Tire_Replace_Records[0].id } };
  },
  findTireSerials: async () => ({
    params: { text: String((await firstRow(API.listTires)).serial_number).slice(0, 4) },
  }),
  getTireRequest: async () => ({ params: { id: (await firstRow(API.listTireRequests)).id } }),
  getTire: async () => ({ params: { id: (await firstRow(API.listTires)).id } }),
  getActiveTire: async () => ({ params: { activeTireId: (await firstRow(API.listActiveTires)).id } }),
  getUnit: async () => ({ params: { id: (await firstRow(API.listUnits)).id } }),
  getUnitWheels: async () => ({ params: { id: (await firstRow(API.listUnits)).id } }),
  getUnitOverview: async () => ({ params: { id: (await firstRow(API.listUnits)).id } }),
  listUnitRecords: async () => ({
    params: { id: (await firstRow(API.listUnits)).id },
    query: { kind: 'check' },
  }),
  // the office opens the demo customer's portal
  getPortalFleet: async () => ({ query: { customer_id: await demoCustomer() } }),
  listPortalUnits: async () => ({ query: { customer_id: await demoCustomer() } }),
  getPortalReport: async () => ({ query: { customer_id: await demoCustomer() } }),
  exportPortalReport: async () => ({ query: { customer_id: await demoCustomer() } }),
  getPortalReportPdf: async () => ({ query: { customer_id: await demoCustomer() } }),
  getPortalRecordPhotos: demoValidatedCheck,
  getPortalRecordPdf: demoValidatedCheck,
  getPortalTireCost: async () => ({
    query: { customer_id: await demoCustomer(), dateStart: '2020-01-01', dateEnd: '2030-12-31' },
  }),
  getPortalUnit: async () => ({ params: { id: (await firstRow(API.listUnits)).id } }),
  listPortalUnitRecords: async () => ({
    params: { id: (await firstRow(API.listUnits)).id },
    query: { kind: 'check' },
  }),
  getTireMan: async () => ({ params: { id: (await firstRow(API.listTireMen)).id } }),
  searchFieldUnits: async () => ({ query: { q: 'B' } }),
  getFieldUnit: async () => ({ params: { id: (await firstRow(API.listUnits)).id } }),
  // the demo tire man's day plan (Tugas)
  getTiremanPlan: async () => ({
    params: { id: ((await read(API.listTireManOptions)).json() as { id: number }[])[0]!.id },
  }),
  // a demo serial's start: every group of the top bar's search can answer
  globalSearch: async () => ({
    query: { q: String((await firstRow(API.listTires)).serial_number).slice(0, 4) },
  }),
  getFieldReturned: async () => {
    // the office returns one of the demo tire man's pending checks, which he then opens to redo
    const history = (await read(API.listFieldHistory, { query: { pageSize: 100 } })).json() as {
      data: { kind: string; id: number; status: string }[];
    };
    const pending = history.data.find((r) => r.status === 'pending' && r.kind === 'tire-check');
    if (!pending) throw new Error('the demo tire man has no pending check');
    const returned = await read(API.returnTireCheck as Op, {
      params: { id: pending.id },
      body: { reason: 'Foto odometer buram, mohon foto ulang' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    return { params: { kind: 'tire-check', id: pending.id } };
  },
  // the read-only searches and reports that take their filter in a POST body
  getProductivity: async () => ({ body: { firstDate: monthsAgo, lastDate: today } }),
  getCheckSummary: async () => ({ body: range }),
  getFindings: async () => ({ query: { ...range, group: 'brand' } }),
  getUnitAbsence: async () => ({ body: range }),
  searchCheckRecords: async () => ({ body: range }),
  searchReplacementRecords: async () => ({ query: range }),
  searchMismatchRecords: async () => ({ body: range }),
};

async function regions() {
  return (await read(API.listRegions)).json() as { id: number }[];
}

/** Reads that are not called here, and why. */
const NOT_CALLED: Record<string, string> = {
  listUnitsTrailingSlash: 'the same handler as listUnits, under the spelling old clients use',
  findTireSerialsEmpty: 'always refused (400): the spec lists the path, the search text is required',
};

const POST_READS = [
  'getProductivity',
  'getCheckSummary',
  'getUnitAbsence',
  'searchCheckRecords',
  'searchMismatchRecords',
];
const reads = Object.values(API).filter(
  (e): e is Op =>
    (e.method === 'GET' || POST_READS.includes(e.operationId)) &&
    'safeParse' in e.reply &&
    !(e.operationId in NOT_CALLED),
);

describe('replies on the demo data', () => {
  it('covers every read of the table except the few named with a reason', () => {
    expect(reads.length).toBeGreaterThan(60);
    for (const id of Object.keys(INPUTS)) expect(API, id).toHaveProperty(id);
  });

  it.each(reads.map((e) => [e.operationId, e] as const))(
    '%s answers what its reply schema declares',
    async (_id, e) => {
      const input = (await INPUTS[e.operationId]?.()) ?? {};
      const res = await read(e, input);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(e.status ?? 200);
      const parsed = e.reply.safeParse(res.json());
      expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
    },
  );
});
