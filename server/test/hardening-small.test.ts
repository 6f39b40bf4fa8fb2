import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { users } from '../src/db/schema';
import { PUBLIC_BODY_LIMIT } from '../src/plugins/input-guard';
import { createTestApp, FX, type TestApp } from './helpers';

/**
 * The smaller findings of issue 24 (finding 10): body limits of the anonymous routes, no caching of
 * API replies, formulas in exports, look-alike serial and plate numbers.
 */
let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { access_token: staff, ...headers } });

describe('bodies of the public routes', () => {
  const big = 'x'.repeat(PUBLIC_BODY_LIMIT);
  const publicPosts: [string, Record<string, string>][] = [
    ['/api/tire-man/login', { email: FX.staff.email, password: big }],
    ['/api/tire-man/forgot-password', { phone: `0811${big}` }],
    ['/api/tire-man/reset-password', { token: big, password: 'rahasia-baru-123' }],
  ];

  it('are refused above a few KB with 413, as JSON and as a form', async () => {
    expect(PUBLIC_BODY_LIMIT).toBeLessThanOrEqual(8 * 1024);
    for (const [url, body] of publicPosts) {
      const json = await t.app.inject({ method: 'POST', url, payload: body });
      expect(json.statusCode, url).toBe(413);
      expect(json.json(), url).toEqual({
        statusCode: 413,
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Ukuran file terlalu besar',
      });
      const form = await t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode, url).toBe(413);
    }
  });

  it('still take an ordinary login, and signed-in routes keep their larger limit', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/tire-man/login',
      payload: { email: FX.staff2.email, password: FX.password },
    });
    expect(ok.statusCode).toBe(200);
    // 10 KB to a signed-in route: read and validated (400), not cut at the public limit
    const res = await call('POST', '/api/tire', { serial_number: 'BODY-1', pattern: 'p'.repeat(10_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('caching of API replies', () => {
  it('every API reply, errors included, says no-store', async () => {
    const replies = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await call('GET', '/api/tire?page=1&pageSize=10'),
      await call('GET', '/api/tire-man-login'),
      await t.app.inject({ method: 'GET', url: '/api/tire-man-login' }), // 401
      await call('GET', '/api/tire/999999'), // 404
      await call('GET', '/api/no-such-route'),
      await call('POST', '/api/tire', { serial_number: '' }), // 400
    ];
    for (const res of replies) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body.slice(0, 60)}`).toBe('no-store');
    }
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 401, 404, 404, 400]);
  });

  it('keeps the caching a route sets itself: the field bootstrap revalidates with its ETag', async () => {
    const tireman = await t.login(FX.tireman.email);
    const first = await call('GET', '/api/field/bootstrap', undefined, { access_token: tireman });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    const again = await call('GET', '/api/field/bootstrap', undefined, {
      access_token: tireman,
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    const xlsx = await call('GET', '/api/tire/export');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['cache-control']).toBe('no-store');
  });
});

/** The sheet of an export and the cell of a text in it. */
async function cellOf(raw: Buffer, text: string): Promise<ExcelJS.Cell | undefined> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(raw as unknown as ArrayBuffer);
  let found: ExcelJS.Cell | undefined;
  wb.worksheets[0]!.eachRow((row) =>
    row.eachCell((cell) => {
      if (cell.value === text || cell.formula?.includes('HYPERLINK')) found = cell;
    }),
  );
  return found;
}

describe('formulas in exports', () => {
  const formula = '=HYPERLINK("http://x")';

  function expectText(cell: ExcelJS.Cell | undefined) {
    expect(cell).toBeDefined();
    expect(cell!.type).toBe(ExcelJS.ValueType.String);
    expect(cell!.formula).toBeUndefined();
    expect(cell!.value).toBe(formula);
    // formatted as Text: editing the cell in Excel or LibreOffice keeps it text
    expect(cell!.numFmt).toBe('@');
  }

  it('a tire serial like =HYPERLINK(...) is written as text in the tire export', async () => {
    expect((await call('POST', '/api/tire', { serial_number: formula })).statusCode).toBe(201);
    const res = await call('GET', '/api/tire/export');
    expect(res.statusCode).toBe(200);
    expectText(await cellOf(res.rawPayload, formula));
    // an ordinary text keeps the general format
    const plain = await cellOf(res.rawPayload, FX.stockSerial(1));
    expect(plain?.numFmt ?? 'General').not.toBe('@');
  });

  it('a tire man named like a formula is written as text in a report export', async () => {
    await t.database.db.update(users).set({ name: formula }).where(eq(users.email, FX.tireman2.email));
    const res = await call('POST', '/api/tire-check/querry/search/export', {
      firstDate: '2025-01-01',
      lastDate: '2025-01-31',
    });
    expect(res.statusCode).toBe(200);
    expectText(await cellOf(res.rawPayload, formula));
  });
});

describe('look-alike serial and plate numbers', () => {
  const serialsLike = async (text: string) =>
    rowsOf<{ serial_number: string }>(
      await t.database.db.execute(
        sql`select serial_number from tires where upper(serial_number) = upper(${text})`,
      ),
    ).map((r) => r.serial_number);

  it('a fullwidth or zero-width copy of an existing serial is the same serial: 409', async () => {
    expect((await call('POST', '/api/tire', { serial_number: 'AB123' })).statusCode).toBe(201);
    for (const lookalike of ['ＡＢ１２３', 'A\u200BB123', '\uFEFFAB\u00AD123', 'ab１２３']) {
      const res = await call('POST', '/api/tire', { serial_number: lookalike });
      expect(res.statusCode, JSON.stringify(lookalike)).toBe(409);
      expect(res.json().code).toBe('TIRE_SERIAL_TAKEN');
    }
    // a new fullwidth serial is stored in its plain form
    expect((await call('POST', '/api/tire', { serial_number: 'ＸＹ７' })).statusCode).toBe(201);
    expect(await serialsLike('XY7')).toEqual(['XY7']);
    // only invisible characters: nothing was typed
    const empty = await call('POST', '/api/tire', { serial_number: '\u200B\u200D' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Nomor seri wajib diisi');
  });

  it('a serial with Cyrillic letters that look Latin is refused with a message', async () => {
    const res = await call('POST', '/api/tire', { serial_number: 'АВ123' }); // Cyrillic А, В
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      expect.objectContaining({
        field: 'serial_number',
        message: expect.stringContaining('huruf non-Latin'),
      }),
    ]);
    expect(await serialsLike('АВ123')).toEqual([]);
  });

  it('a look-alike plate is the existing plate (409), a Cyrillic one is refused', async () => {
    const [project] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from projects limit 1`),
    );
    const unit = (plate: string) =>
      call('POST', '/api/unit', {
        plate_number: plate,
        unit_type: 'tronton',
        project_id: project!.id,
        tonnage: 12,
        handled_date: '05/03/25',
      });
    for (const lookalike of ['Ｂ　９００１　ＴＲ', 'B 9001\u200B TR', 'b\u2060 9001 tr']) {
      const res = await unit(lookalike);
      expect(res.statusCode, JSON.stringify(lookalike)).toBe(409);
      expect(res.json().code).toBe('PLATE_TAKEN');
    }
    const cyrillic = await unit('В 9001 ТR'); // Cyrillic В, Т
    expect(cyrillic.statusCode).toBe(400);
    expect(cyrillic.json().message).toContain('huruf non-Latin');
  });
});
