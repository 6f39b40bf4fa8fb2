import { isIP } from 'node:net';
import path from 'node:path';
import { IDEMPOTENCY_KEEP_DAYS } from '@itms/contracts/field';
import { DEFAULT_FIELD_MAX_AGE_DAYS } from '@itms/contracts/rules/performed-at';
import { DEFAULT_PULL_POINT_MM } from '@itms/contracts/tire-intelligence';
import { z } from 'zod';
import { SERVER_ROOT } from './paths';

/** The browsers' push services: Chrome/Android/Samsung (FCM), Firefox, Edge, Safari. */
export const DEFAULT_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const bool = z
  .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['true', '1', 'on', 'yes'].includes(v));

/** One proxy address or CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(v: string): boolean {
  const [addr, bits, ...rest] = v.split('/');
  const family = isIP(addr ?? '');
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For entries to believe: none (false, the default: `req.ip` is the socket's
 * peer), the last N hops, or the entries added by the listed proxies. `true` (believe any) is
 * refused: every client could then pick the address its login failures are counted under.
 */
const ZTrustProxy = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const v = raw.trim();
    if (v === 'false' || v === '0') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const proxies = v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (proxies.length && proxies.every(isAddressOrCidr)) return proxies;
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message:
        'must be false, a hop count (1 = one reverse proxy in front) or comma-separated proxy addresses/CIDRs',
    });
    return z.NEVER;
  });

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** postgres://... switches from the embedded PGlite to PostgreSQL. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    APP_TIMEZONE: z
      .string()
      .default('Asia/Jakarta')
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'unknown time zone'),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(480),
    /** Idle minutes for tire men's sessions: phones in the field stay signed in (7 days). */
    SESSION_IDLE_MINUTES_FIELD: z.coerce
      .number()
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .default(60 * 24 * 7),
    /**
     * How often (ms) each server process ends the sessions past their idle limit or SESSION_MAX_HOURS
     * and cuts off their sockets; 0 stops it (the tests sweep when they mean to).
     */
    SESSION_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** Hours after which a session ends however busy it is: a stolen token does not live forever. */
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 366)
      .default(24 * 30),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    /** SOP videos (MP4, WebM): spooled to disk while uploading, never held in memory whole. */
    UPLOAD_VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(4 * 1024 * 1024 * 1024)
      .default(200 * 1024 * 1024),
    /**
     * Minutes a signed link to an uploaded file (`/files/...`, or an S3 presigned URL) stays valid:
     * at most a day (S3 refuses presigned URLs beyond 7 days; links are rounded up by a quarter).
     */
    FILE_URL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24)
      .default(60),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    DEMO_SEED: bool.default(true),
    WA_GATEWAY_URL: z.string().url().optional(),
    /**
     * The daily WhatsApp digest (issue 39): on by default when WA_GATEWAY_URL is set; `true` without
     * a gateway writes it to DATA_DIR/wa-outbox.log (development), `false` turns it off.
     */
    DIGEST_ENABLED: bool.optional(),
    /** When the digest of the day before goes out, HH:MM in APP_TIMEZONE. */
    DIGEST_TIME: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (00:00 to 23:59)')
      .default('07:00'),
    /** Who gets the digest: comma-separated office roles (admin, staff); users without a phone are skipped. */
    DIGEST_ROLES: z
      .string()
      .default('admin')
      .transform((v) =>
        v
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(['admin', 'staff'], { error: 'each role must be admin or staff' })).min(1)),
    /** Address people use to reach the app; used in links sent over WhatsApp. */
    PUBLIC_URL: z.string().url().optional(),
    TRUST_PROXY: ZTrustProxy,
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10000).default(10),
    /** Minutes a password reset link sent over WhatsApp stays valid. */
    PASSWORD_RESET_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
    /** Tread depth (mm) at which a tire should come off: alerts and wear forecasts (issue 11). */
    TIRE_PULL_POINT_MM: z.coerce.number().min(0).max(24).default(DEFAULT_PULL_POINT_MM),
    /** Field work (checks, replacements, BKB, QC, tire requests) dated further back is refused. */
    // below the idempotency keys' lifetime: an entry the phone resends after its key is forgotten
    // is then refused as too old instead of stored twice
    FIELD_MAX_AGE_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(
        IDEMPOTENCY_KEEP_DAYS - 1,
        `must be below the idempotency keys' lifetime (${IDEMPOTENCY_KEEP_DAYS} days)`,
      )
      .default(DEFAULT_FIELD_MAX_AGE_DAYS),
    /**
     * A reply field its endpoint's schema does not name fails the request (500) instead of being
     * dropped silently: on in the tests and the e2e server, so a schema that forgot a field the
     * screens read is caught there.
     */
    STRICT_REPLIES: bool.default(false),
    /**
     * How often (ms) the server adds the read models' pending deltas up into them
     * (db/read-models); 0 stops it (the tests fold when they mean to).
     */
    READ_MODEL_FOLD_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    /**
     * Push services the server sends Web Push messages to: comma-separated host names (a subdomain
     * matches too; https only) or exact origins (http://host:port, for a stand-in). A subscription
     * naming any other endpoint is refused, so a signed-in user cannot make the server post elsewhere.
     */
    PUSH_SERVICES: z
      .string()
      .default(DEFAULT_PUSH_SERVICES.join(','))
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim().replace(/\/$/, '').toLowerCase())
          .filter(Boolean),
      ),
    /** Comma-separated origins allowed to call the API from another site; unset = CORS closed. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^https?:\/\/[^/\s]+$/, 'each origin must look like https://host[:port]')),
      ),
    /**
     * Comma-separated https origins of video players, beyond YouTube, Vimeo and Google Drive, that
     * SOP pages may embed (the CSP's frame-src).
     */
    EMBED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().regex(/^https:\/\/[^/\s;,']+$/, 'each origin must look like https://host[:port]')),
      ),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE_DRIVER=s3' });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    timezone: env.APP_TIMEZONE,
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionIdleMinutesField: env.SESSION_IDLE_MINUTES_FIELD,
    sessionMaxHours: env.SESSION_MAX_HOURS,
    sessionSweepMs: env.SESSION_SWEEP_MS,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadVideoMaxBytes: env.UPLOAD_VIDEO_MAX_BYTES,
    fileUrlMinutes: env.FILE_URL_MINUTES,
    storage: {
      driver: env.STORAGE_DRIVER,
      localDir: path.join(dataDir, 'uploads'),
      s3: {
        bucket: env.S3_BUCKET ?? '',
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      },
    },
    demoSeed: env.DEMO_SEED,
    waGatewayUrl: env.WA_GATEWAY_URL,
    digest: {
      enabled: env.DIGEST_ENABLED ?? Boolean(env.WA_GATEWAY_URL),
      time: env.DIGEST_TIME,
      roles: env.DIGEST_ROLES as readonly ('admin' | 'staff')[],
      /** Waits before each retry of a message the gateway did not take. */
      retryDelaysMs: [30_000, 120_000, 600_000] as readonly number[],
    },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    passwordResetMinutes: env.PASSWORD_RESET_MINUTES,
    trustProxy: env.TRUST_PROXY,
    tirePullPointMm: env.TIRE_PULL_POINT_MM,
    fieldMaxAgeDays: env.FIELD_MAX_AGE_DAYS,
    logLevel: env.LOG_LEVEL,
    strictReplies: env.STRICT_REPLIES,
    readModelFoldMs: env.READ_MODEL_FOLD_MS,
    corsOrigins: env.CORS_ORIGINS,
    embedOrigins: env.EMBED_ORIGINS,
    pushServices: env.PUSH_SERVICES,
    /** Waits before each retry of a Web Push message the push service did not take (5xx, 429, network). */
    pushRetryDelaysMs: [5_000, 30_000, 120_000] as readonly number[],
    /** How often a process looks for Web Push messages a stopped process left pending (and at start). */
    pushSweepEveryMs: 10 * 60_000,
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : path.resolve(SERVER_ROOT, '../web/dist'),
  };
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; lists every problem at once instead of failing on the first. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // empty strings mean "not set", as in most .env files
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
  }
  return toConfig(parsed.data);
}

/** Overrides for tests: the same shape with a few fields replaced. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      STRICT_REPLIES: 'true',
      READ_MODEL_FOLD_MS: '0',
      SESSION_SWEEP_MS: '0',
    }),
    ...overrides,
  };
}
