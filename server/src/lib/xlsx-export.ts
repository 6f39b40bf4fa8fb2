// The one way the server writes a report or list as an Excel file: a title row naming the report
// and its period and filters, a bold header row, the rows (streamed), dates as real Excel dates
// in APP_TIMEZONE.
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { addTextSafeRow, loadExcelJS } from './exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel number formats of the date columns (day/month/year, and the time where there is one). */
const XLSX_DATE_FORMAT = 'dd/mm/yyyy';
const XLSX_DATETIME_FORMAT = 'dd/mm/yyyy hh:mm';

export type XlsxCell = string | number | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  /**
   * 'date': a day ('yyyy-mm-dd', taken as it is) or an instant (its day in APP_TIMEZONE);
   * 'datetime': an instant (ISO text or Date), its day and time in APP_TIMEZONE.
   * Either is written as a real Excel date; empty values stay empty.
   */
  kind?: 'date' | 'datetime';
  value: (row: T) => XlsxCell;
}

export interface XlsxReport<T> {
  /** Download name without '.xlsx'; anything but letters, digits, dot, dash and underscore becomes '_'. */
  filename: string;
  sheet: string;
  /** The report's name, first in the title row. */
  title: string;
  /** The days the report covers (yyyy-mm-dd, both included); left out: 'Semua periode'. */
  period?: { start: string; end: string } | null;
  /** Filters in force, as [label, value]; empty values are left out of the title. */
  filters?: readonly (readonly [string, string | number | null | undefined])[];
  columns: XlsxColumn<T>[];
  /** The rows, or one batch of rows in export order (fewer than `limit` ends the export). */
  rows: Iterable<T> | ((offset: number, limit: number) => Promise<T[]>);
  /** Optional last row (totals), written bold. */
  footer?: (string | number | null)[];
  batch?: number;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall-clock time of `instant` in `timezone` as a Date whose UTC fields carry it: Excel dates
 * have no zone, and exceljs writes a Date's UTC fields, so the cell then reads Jakarta's time.
 */
function wallClock(instant: Date, timezone: string): Date {
  let f = wallClockFormats.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timezone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return new Date(
    Date.UTC(
      +p.year!,
      +p.month! - 1,
      +p.day!,
      +p.hour!,
      +p.minute!,
      +p.second!,
      instant.getUTCMilliseconds(),
    ),
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A column value as a cell value: dates become Dates carrying APP_TIMEZONE's wall clock. */
function cellValue(
  v: XlsxCell,
  kind: XlsxColumn<unknown>['kind'],
  timezone: string,
): string | number | Date | null {
  if (v === undefined || v === null || v === '') return kind ? null : (v ?? null);
  if (!kind) return v;
  if (typeof v === 'string' && DAY.test(v)) return new Date(`${v}T00:00:00Z`);
  const instant = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(instant.getTime())) return String(v);
  const local = wallClock(instant, timezone);
  return kind === 'date'
    ? new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()))
    : local;
}

const dayTitle = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'UTC',
  day: '2-digit',
  month: 'long',
  year: 'numeric',
});

/** 'Rekam Pengecekan · Periode 01 November 2026 s.d. 30 November 2026 · Plat nomor: B 1234 XY'. */
function xlsxTitle(r: Pick<XlsxReport<unknown>, 'title' | 'period' | 'filters'>): string {
  const day = (d: string) => dayTitle.format(new Date(`${d}T00:00:00Z`));
  const period = r.period
    ? r.period.start === r.period.end
      ? `Periode ${day(r.period.start)}`
      : `Periode ${day(r.period.start)} s.d. ${day(r.period.end)}`
    : 'Semua periode';
  const filters = (r.filters ?? [])
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([label, v]) => `${label}: ${String(v)}`);
  return [r.title, period, ...filters].join(' · ');
}

/** A safe download name: letters, digits, dot, dash and underscore only. */
function xlsxFilename(base: string): string {
  return `${base.replace(/\.xlsx$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_')}.xlsx`;
}

function writeRow<T>(ws: ExcelJS.Worksheet, r: XlsxReport<T>, row: T, timezone: string): void {
  const values = r.columns.map((c) => cellValue(c.value(row), c.kind, timezone));
  // dates go in after the text-safe row: addTextSafeRow looks at text only
  const line = addTextSafeRow(
    ws,
    values.map((v) => (v instanceof Date ? null : v)),
  );
  values.forEach((v, i) => {
    if (!(v instanceof Date)) return;
    const cell = line.getCell(i + 1);
    cell.value = v;
    cell.numFmt = r.columns[i]!.kind === 'datetime' ? XLSX_DATETIME_FORMAT : XLSX_DATE_FORMAT;
  });
  line.commit();
}

async function writeWorkbook<T>(
  out: PassThrough,
  r: XlsxReport<T>,
  timezone: string,
  first: T[] | null,
): Promise<void> {
  const wb = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'ITMS';
  wb.created = new Date();
  const ws = wb.addWorksheet(r.sheet, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.columns = r.columns.map((c) => ({ width: c.width ?? Math.max(10, c.header.length + 2) }));
  const title = ws.addRow([xlsxTitle(r)]);
  title.font = { bold: true, size: 13 };
  ws.mergeCells(1, 1, 1, Math.max(1, r.columns.length));
  title.commit();
  const header = ws.addRow(r.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  if (typeof r.rows === 'function') {
    const batch = r.batch ?? 1000;
    for (let offset = 0; ; offset += batch) {
      const rows = offset === 0 && first ? first : await r.rows(offset, batch);
      for (const row of rows) writeRow(ws, r, row, timezone);
      if (rows.length < batch) break;
    }
  } else {
    for (const row of r.rows) writeRow(ws, r, row, timezone);
  }
  if (r.footer) {
    const last = addTextSafeRow(ws, r.footer);
    last.font = { bold: true };
    last.commit();
  }
  ws.commit();
  await wb.commit();
}

/**
 * Streams the report as the reply: rows are read batch by batch and committed to the zip stream
 * as they come, so a large export never sits whole in memory. The first batch is read before the
 * first byte goes out, so a query that fails on its filters is still an ordinary error reply; once
 * streaming starts, a failure aborts the download.
 */
export async function sendXlsx<T>(reply: FastifyReply, r: XlsxReport<T>): Promise<FastifyReply> {
  const first = typeof r.rows === 'function' ? await r.rows(0, r.batch ?? 1000) : null;
  const out = new PassThrough();
  writeWorkbook(out, r, reply.server.config.timezone, first).catch((err) => {
    reply.log.error({ err }, 'xlsx export failed');
    out.destroy(err as Error);
  });
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="${xlsxFilename(r.filename)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
