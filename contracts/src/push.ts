// Web Push to ITMS Lapangan (issue 39): the phone subscribes with the server's VAPID public key
// and hears of the office's decisions even with the app closed.
import { z } from 'zod';
import { zNumeric } from './numeric';

export const PUSH_MESSAGES = {
  subscribed: 'Notifikasi diaktifkan',
  unsubscribed: 'Notifikasi dimatikan',
  testSent: 'Notifikasi uji dikirim',
  noSubscription: 'Notifikasi belum diaktifkan di perangkat ini',
  unknownService: 'Layanan notifikasi perangkat ini tidak dikenal',
  testTitle: 'ITMS Lapangan',
  testBody: 'Notifikasi ITMS Lapangan aktif',
} as const;

/** What a notification announces; the phone's service worker may group by it. */
export const PUSH_KINDS = ['test', 'returned', 'tire-request', 'storing', 'session-ended'] as const;
export type TPushKind = (typeof PUSH_KINDS)[number];

/** How a delivery ended: 'pending' while retries go on. */
export const PUSH_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type TPushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/** The JSON a notification carries (encrypted, RFC 8291): what the service worker shows and opens. */
export const ZPushPayload = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where a tap opens, under /lapangan/. */
  url: z.string(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

/** GET /api/push/key: the applicationServerKey for PushManager.subscribe(). */
export const ZPushKeyReply = z.object({
  /** The VAPID public key, an uncompressed P-256 point in base64url (65 bytes). */
  public_key: z.string(),
});
export type TPushKeyReply = z.infer<typeof ZPushKeyReply>;

/** A key of `bytes` bytes in base64url (padding allowed), as PushSubscription.toJSON() gives it. */
const base64url = (name: string, bytes: number) =>
  z
    .string({ error: `${name} wajib diisi` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} tidak valid`)
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), `${name} harus ${bytes} byte`);

/** POST /api/push/subscription: the browser's PushSubscription.toJSON(). */
export const ZPushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'Alamat notifikasi wajib diisi' })
    .max(2000, 'Alamat notifikasi terlalu panjang')
    .url('Alamat notifikasi tidak valid')
    .refine((v) => /^https?:\/\//.test(v), 'Alamat notifikasi tidak valid'),
  expirationTime: zNumeric(z.number({ error: 'Masa berlaku notifikasi harus angka' }).nullable().optional()),
  keys: z.object(
    {
      p256dh: base64url('Kunci p256dh', 65),
      auth: base64url('Kunci auth', 16),
    },
    { error: 'Kunci notifikasi wajib diisi' },
  ),
});
export type TPushSubscriptionBody = z.input<typeof ZPushSubscriptionBody>;

/** DELETE /api/push/subscription?endpoint=: one of one's own subscriptions. */
export const ZPushUnsubscribeQuery = z.object({
  endpoint: z
    .string({ error: 'Alamat notifikasi wajib diisi' })
    .min(1, 'Alamat notifikasi wajib diisi')
    .max(2000),
});

export const ZPushMessageReply = z.object({ message: z.string() });

/** The last notification sent to the user, and how it ended. */
export const ZPushDelivery = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(PUSH_DELIVERY_STATUSES),
  http_status: z.number().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  /** ISO 8601. */
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type TPushDelivery = z.infer<typeof ZPushDelivery>;

/** GET /api/push/status: whether the signed-in user gets notifications, and the last result. */
export const ZPushStatusReply = z.object({
  /** He has at least one subscription the push service has not given up. */
  subscribed: z.boolean(),
  /** His subscriptions (one per browser). */
  subscriptions: z.number(),
  /** When a push service last accepted a message for him. */
  last_success_at: z.string().nullable(),
  last_delivery: ZPushDelivery.nullable(),
});
export type TPushStatusReply = z.infer<typeof ZPushStatusReply>;
