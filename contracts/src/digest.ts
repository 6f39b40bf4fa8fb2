// The daily WhatsApp digest (issue 39, item 3): once a day, yesterday's work in one Indonesian
// message to the admins, through the WhatsApp gateway the password reset uses.
import { z } from 'zod';
import { formatNumber } from './rules/number-format';

export const DIGEST_MESSAGES = {
  alreadySent: 'Ringkasan harian untuk tanggal ini sudah dikirim',
  sending: (n: number) => `Ringkasan harian sedang dikirim ke ${n} penerima`,
} as const;

/** How one message to one recipient ended: 'pending' while the retries go on. */
export const DIGEST_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TDigestDeliveryStatus = (typeof DIGEST_DELIVERY_STATUSES)[number];

/** The day's numbers, each read through the counting rule its screen uses. */
export const ZDigestCounts = z.object({
  /** Checks performed that day that count as work done (Produktifitas' total). */
  checks: z.number(),
  /** Of those, the validated ones (Produktifitas' approved). */
  validated: z.number(),
  /** Returns the office made that day, checks and replacements ('Dikembalikan'). */
  returned: z.number(),
  /** Installed tires with at least one alert now (Ban Kritis' total). */
  critical: z.number(),
  /** Breakdown calls open now (the dashboard's Storing card). */
  openCalls: z.number(),
});
export type TDigestCounts = z.infer<typeof ZDigestCounts>;

/** 'yyyy-mm-dd' -> 'Jumat, 4 Desember 2026'. */
export function digestDayLabel(day: string): string {
  return new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The message, one line per number. */
export function digestMessage(day: string, c: TDigestCounts): string {
  return [
    `Ringkasan ITMS ${digestDayLabel(day)}`,
    `Pengecekan: ${formatNumber(c.checks)} (${formatNumber(c.validated)} divalidasi)`,
    `Dikembalikan: ${formatNumber(c.returned)}`,
    `Ban kritis: ${formatNumber(c.critical)}`,
    `Storing terbuka: ${formatNumber(c.openCalls)}`,
  ].join('\n');
}

/** GET /api/digest/preview: the message yesterday's digest says now, and who would get it. */
export const ZDigestPreviewReply = z.object({
  /** The day it reports, yyyy-mm-dd in APP_TIMEZONE. */
  day: z.string(),
  counts: ZDigestCounts,
  message: z.string(),
  recipients: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string() })),
  /** Whether this day's digest has been claimed (sent, or being sent) already. */
  sent: z.boolean(),
});
export type TDigestPreviewReply = z.infer<typeof ZDigestPreviewReply>;

/** POST /api/digest/send-now: yesterday's digest claimed and on its way. */
export const ZDigestSendReply = z.object({
  message: z.string(),
  day: z.string(),
  recipients: z.number(),
});
export type TDigestSendReply = z.infer<typeof ZDigestSendReply>;
