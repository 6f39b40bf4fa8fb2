import { API } from '@itms/contracts/api';
import type { Endpoint } from '@itms/contracts/endpoint';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, FX, type TestApp } from './helpers';

/**
 * Issue 35, item 4: a list's `sort` takes only the keys the list declares (`__proto__` answered 500
 * on eight lists), and an export refuses a bad filter before the first byte of its file (a warehouse
 * export with location_id=1e15 answered 200 and broke off after 49 bytes).
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(FX.admin.email);
});
afterAll(() => t?.close());

const operations = Object.values(API as Record<string, Endpoint>);
const queryKeys = (e: Endpoint): Record<string, { type?: string }> =>
  e.query
    ? (((z.toJSONSchema(e.query, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
        .properties as Record<string, { type?: string }>) ?? {})
    : {};
/** The operation's path with every parameter filled in (`/tire/:id/...` -> `/tire/1/...`). */
const pathOf = (e: Endpoint) => `/api${e.path.replace(/:[A-Za-z_]+/g, '1')}`;
/** A GET as the admin; a reply cut off mid-stream answers status 0 with what it said so far. */
const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { access_token: admin } }).catch((err: Error) => ({
    statusCode: 0,
    body: String(err.message),
    rawPayload: Buffer.alloc(0),
    json: () => ({}),
  }));

const isErrorShape = (b: Record<string, unknown>, status: number) =>
  b.statusCode === status && typeof b.code === 'string' && typeof b.message === 'string';

describe('sort keys of every list', () => {
  const sorted = operations.filter((e) => e.method === 'GET' && 'sort' in queryKeys(e));

  it('covers the lists that take a sort', () => {
    expect(sorted.map((e) => e.operationId)).toEqual(
      expect.arrayContaining(['listUnits', 'listProjects', 'listCustomers', 'listNews', 'listBanners']),
    );
    expect(sorted.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses a key the list does not declare with 400, never 500', async () => {
    const answered: string[] = [];
    for (const e of sorted) {
      for (const key of [
        '__proto__',
        '-__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'no_such_field',
      ]) {
        const res = await get(`${pathOf(e)}?sort=${encodeURIComponent(key)}`);
        const ok = res.statusCode === 400 && isErrorShape(res.json(), 400);
        if (!ok) answered.push(`${e.operationId} sort=${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it('still sorts by a declared key', async () => {
    for (const sort of ['plate_number', '-plate_number']) {
      const res = await get(`/api/unit?sort=${sort}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('exports refuse a bad filter before the file starts', () => {
  const exports = operations.filter(
    (e) =>
      e.method === 'GET' && 'file' in (e.reply as object) && (e.reply as { file: string }).file === 'xlsx',
  );
  const HOSTILE_NUMBERS = ['1e15', '1000000000000000', '2147483648', '-1', 'NaN', 'Infinity', '0x10', 'true'];

  it('answers every hostile number in a number filter with 400, or with a whole file', async () => {
    expect(exports.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const e of exports) {
      const numeric = Object.entries(queryKeys(e))
        .filter(([, s]) => s.type === 'integer' || s.type === 'number')
        .map(([k]) => k);
      for (const key of numeric) {
        for (const value of HOSTILE_NUMBERS) {
          const res = await get(`${pathOf(e)}?${key}=${value}`);
          const label = `${e.operationId} ${key}=${value} -> ${res.statusCode}`;
          if (res.statusCode === 200) {
            // a whole workbook, or it is a file cut off after its first bytes
            const wb = new ExcelJS.Workbook();
            await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer).catch(() => {
              problems.push(`${label}: broken file of ${res.rawPayload.length} bytes`);
            });
          } else if (res.statusCode !== 400 || !isErrorShape(res.json(), 400)) {
            problems.push(`${label} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('a warehouse export with location_id=1e15 is refused by name', async () => {
    const res = await get('/api/warehouse/export?location_id=1e15');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'location_id' }] });
  });
});
