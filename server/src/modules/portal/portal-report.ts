// The customer's monthly service report as a file (issue 40): the same rows and columns as the
// portal's table (contracts PORTAL_REPORT_COLUMNS), as XLSX and as PDF.
import {
  PORTAL_REPORT_COLUMNS,
  portalMonthLabel,
  type TPortalReport,
  type TPortalReportRow,
} from '@itms/contracts/portal';
import type { FastifyReply } from 'fastify';
import { contentWidth, finish, newA4, type PdfColumn, sendPdf, table, titleBlock } from '../../lib/pdf';
import { sendXlsx } from '../../lib/xlsx-export';

const TITLE = 'Laporan Layanan Bulanan';
const WIDTHS: Record<(typeof PORTAL_REPORT_COLUMNS)[number]['key'], number> = {
  plate_number: 14,
  project: 26,
  checks: 11,
  replacements: 11,
  tires_replaced: 11,
  mismatches: 8,
  calls: 9,
  calls_done: 10,
  roll_median: 14,
};

const cell = (r: TPortalReportRow, key: keyof TPortalReportRow) => r[key] ?? '';
const filename = (report: TPortalReport) =>
  `layanan_${report.customer.name.replace(/[^A-Za-z0-9]+/g, '_')}_${report.month}`;
const monthDays = (month: string) => {
  const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return { start: `${month}-01`, end: end.toISOString().slice(0, 10) };
};

export function sendReportXlsx(reply: FastifyReply, report: TPortalReport) {
  return sendXlsx<TPortalReportRow>(reply, {
    filename: filename(report),
    sheet: 'Layanan',
    title: TITLE,
    period: monthDays(report.month),
    filters: [['Pelanggan', report.customer.name]],
    rows: report.rows,
    columns: PORTAL_REPORT_COLUMNS.map((c) => ({
      header: c.header,
      width: WIDTHS[c.key],
      value: (r: TPortalReportRow) => cell(r, c.key),
    })),
    footer: PORTAL_REPORT_COLUMNS.map((c) => {
      const v = cell(report.total, c.key);
      return typeof v === 'number' || typeof v === 'string' ? v : null;
    }),
  });
}

export async function sendReportPdf(reply: FastifyReply, report: TPortalReport) {
  const doc = newA4(`${TITLE} ${report.customer.name} ${report.month}`);
  titleBlock(doc, TITLE, [report.customer.name, portalMonthLabel(report.month)]);
  const total = Object.values(WIDTHS).reduce((a, b) => a + b, 0);
  const width = contentWidth(doc);
  const columns: PdfColumn[] = PORTAL_REPORT_COLUMNS.map((c, i) => ({
    header: c.header,
    width: (WIDTHS[c.key] / total) * width,
    align: i < 2 ? 'left' : 'right',
  }));
  const text = (r: TPortalReportRow) =>
    PORTAL_REPORT_COLUMNS.map((c) => String(cell(r, c.key) === '' ? '-' : cell(r, c.key)));
  table(doc, columns, [...report.rows.map(text), text(report.total)]);
  const bytes = await finish(doc, `${TITLE} · ${report.customer.name} · ${portalMonthLabel(report.month)}`);
  return sendPdf(reply, { filename: `${filename(report)}.pdf`, bytes });
}
