// Helpers of the dashboard and reports specs: API calls as the signed-in page, a field check
// submitted by a tire man, and Excel read-back.
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, expect, logoutToken, PASSWORD, tokenOf } from './fixtures';

/** GET/POST an API path with the page's own token (the signed-in user of the browser). */
export async function apiAs<T>(
  page: Page,
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const token = await tokenOf(page);
  const res = await request.fetch(path, { method, headers: { access_token: token ?? '' }, data });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Today in Asia/Jakarta, yyyy-mm-dd. */
export function jakartaToday(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(at);
}

/**
 * A tire man submits a check through the field API (POST /api/tire-check), as the mobile app does,
 * then signs out again. Returns the new check's id.
 */
export async function submitFieldCheck(
  request: APIRequestContext,
  where: { unit_id: number; location_id: number },
): Promise<number> {
  const login = await request.post('/api/tire-man/login', {
    data: { email: ACCOUNTS.tireman, password: PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { access_token: string }).access_token;
  try {
    const stamp = Date.now().toString(36).toUpperCase();
    const res = await request.post('/api/tire-check', {
      headers: { access_token: token },
      data: {
        ...where,
        odometer: 123456,
        driver: { name: 'Driver E2E', phone: '081200000000' },
        records: ['1', '2', 'ST'].map((position, i) => ({
          position,
          serial_number: `E2E-${stamp}-${i}`,
          groove_1: 12,
          groove_2: 11.5,
          groove_3: 12,
          groove_4: 11,
          pressure: 95,
          condition: '99,99,99,99,99',
        })),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  } finally {
    await logoutToken(request, token);
  }
}

/** A unit and a location of the demo data for a field check. */
export async function someUnitAndLocation(page: Page, request: APIRequestContext) {
  const units = await apiAs<{ data: { id: number }[] }>(page, request, 'GET', '/api/unit?pageSize=1');
  const locations = await apiAs<{ id: number }[]>(page, request, 'GET', '/api/location');
  return { unit_id: units.data[0].id, location_id: locations[0].id };
}

/** Reads a downloaded workbook: sheet names and the first sheet's rows as plain values. */
export async function readWorkbook(download: Download) {
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { names: wb.worksheets.map((w) => w.name), rows };
}

/** Resolves once the page's socket.io connection has completed its handshake. */
export function socketConnected(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
}

export const SHORTCUTS = ['Kemarin', 'Hari ini', 'Bulan ini', 'Tahun ini'] as const;
export type Shortcut = (typeof SHORTCUTS)[number];

const pad = (n: number) => String(n).padStart(2, '0');

/** The range a shortcut of the date search stands for, in Asia/Jakarta. */
export function shortcutRange(s: Shortcut, at = new Date()): { start: string; end: string } {
  const today = jakartaToday(at);
  const [y, m] = today.split('-').map(Number);
  switch (s) {
    case 'Kemarin': {
      const d = jakartaToday(new Date(Date.parse(`${today}T12:00:00+07:00`) - 86_400_000));
      return { start: d, end: d };
    }
    case 'Hari ini':
      return { start: today, end: today };
    case 'Bulan ini': {
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      return { start: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(last)}` };
    }
    case 'Tahun ini':
      return { start: `${y}-01-01`, end: `${y}-12-31` };
  }
}

/** 'Minggu, 01 November 2026' as the result header writes a day. */
export function dayTitle(day: string): string {
  const d = new Date(`${day}T12:00:00+07:00`);
  const weekday = new Intl.DateTimeFormat('id-ID', { weekday: 'long', timeZone: 'Asia/Jakarta' }).format(d);
  const rest = new Intl.DateTimeFormat('id-ID', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jakarta',
  }).format(d);
  return `${weekday}, ${rest}`;
}

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** The period of an export's title row: 'Periode 01 November 2026 s.d. 30 November 2026'. */
export function periodTitle(start: string, end: string): string {
  const day = (d: string) => `${d.slice(8, 10)} ${MONTHS_ID[Number(d.slice(5, 7)) - 1]} ${d.slice(0, 4)}`;
  return start === end ? `Periode ${day(start)}` : `Periode ${day(start)} s.d. ${day(end)}`;
}

/** The records screens' result header for the rows of a range (web/src/lib/record-range.ts). */
export function rangeHeader(what: string, range: { start: string; end: string }): string {
  return `Menampilkan ${what} dari ${dayTitle(range.start)} s.d. ${dayTitle(range.end)}`;
}

/** Waits for a screen's title (the first load of a lazy page can be slow on a busy machine). */
export async function screenReady(page: Page, title: string) {
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible({ timeout: 30_000 });
}

/**
 * Scrolls the dashboard, as a thumb does, until its last panel (Summary Pengecekan per Region) is
 * on screen: the panels below the fold render only as the user nears them.
 */
export async function scrollToRegionSummary(page: Page) {
  const title = page.getByText('Summary Pengecekan per Region');
  await expect(async () => {
    await page.mouse.wheel(0, 1200);
    await expect(title).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
