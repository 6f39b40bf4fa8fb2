import { API } from '@itms/contracts/api';
import type { DocStatus } from '@itms/contracts/enums';
import { NO_DRIVER } from '@itms/contracts/enums';
import type { TMismatchDetail } from '@itms/contracts/mismatches';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import { Flex, Spin, Tag } from 'antd';
import { PrintPdfButton } from '../../components/print-pdf-button';
import { dayjs, formatDayDate, formatTime, toApiDate } from '../../lib/dayjs';
import { APP_TIMEZONE } from '../../lib/timezone';

export const STATUS_LABELS: Record<DocStatus, string> = { pending: 'Pending', approved: 'Approved' };

export function StatusTag({ status }: { status: DocStatus }) {
  return (
    <Tag color={status === 'approved' ? 'success' : 'warning'} style={{ marginInlineEnd: 0 }}>
      {STATUS_LABELS[status]}
    </Tag>
  );
}

/** A `yyyy-mm-dd` day of the app's time zone, read in that zone (not the browser's). */
export function appDay(day: string): dayjs.Dayjs {
  return dayjs.tz(day, APP_TIMEZONE);
}

/** Senin, 05 Januari 2025 14:30 */
export function formatMoment(iso: string): string {
  return `${formatDayDate(iso)} ${formatTime(iso)}`;
}

/** The project column: TIDAK PASTI when no driver was known (the server already says so). */
export function projectText(project: string | null, driver?: string | null): string {
  if (driver === null) return NO_DRIVER;
  return project || '-';
}

/** 'Mengambil Data ...' and friends, inside a modal or a card. */
export function LoadingBlock({ text = 'Mengambil Data ...' }: { text?: string }) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={12}
      role="status"
      aria-live="polite"
      style={{ minHeight: 220, color: 'rgba(0,0,0,0.55)' }}
    >
      <Spin size="large" />
      <div>{text}</div>
    </Flex>
  );
}

/** Cetak of a BKB: the server's A4 PDF, named by its unit and the day it was done. */
export function MismatchPrintButton({ detail }: { detail: TMismatchDetail }) {
  return (
    <PrintPdfButton
      endpoint={API.printMismatch}
      id={detail.id}
      filename={pdfFilename('bkb', detail.Unit.plate_number, toApiDate(detail.performed_at))}
    />
  );
}
