import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TSignFileUrlsReply } from '@itms/contracts/api/files';
import type { Db } from '../../db/client';
import { sharedSecret } from '../../lib/server-secrets';
import { isSafeKey, type Storage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    fileUrls: FileUrls;
  }
}

/** Signed, expiring links to uploaded files: the only way a browser reads them. */
export interface FileUrls {
  /** A URL per stored path of `paths` (http(s) addresses unchanged, anything else left out). */
  sign(paths: readonly string[], now?: number): Promise<TSignFileUrlsReply>;
  /**
   * Seconds the `/files/{key}?exp=&sig=` link has left, or null when its signature is missing,
   * wrong or expired.
   */
  secondsLeft(key: string, exp: unknown, sig: unknown, now?: number): number | null;
}

const SECRET_NAME = 'file_url';

/**
 * The HMAC key every server process shares: the first process to boot writes a random one, the
 * others (and later boots) read that row back, so a link signed by one process opens on another.
 */
export async function loadFileUrlSecret(db: Db): Promise<Buffer> {
  return Buffer.from(
    await sharedSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
}

const isExternal = (p: string) => /^https?:\/\//i.test(p);

export function createFileUrls(opts: { secret: Buffer; storage: Storage; minutes: number }): FileUrls {
  const ttl = opts.minutes * 60;
  // expiries are rounded up to a step: a screen opened twice within it gets the same URLs, so the
  // browser's cache serves the image again instead of downloading it under a new address
  const step = Math.max(60, Math.floor(ttl / 4));
  const mac = (key: string, exp: number) =>
    createHmac('sha256', opts.secret).update(`${key}\n${exp}`).digest('base64url');

  return {
    async sign(paths, now = Date.now()) {
      const nowS = Math.floor(now / 1000);
      const exp = Math.ceil((nowS + ttl) / step) * step;
      // S3 signs with a date too: the step's start keeps presigned URLs as stable as ours
      const signedAt = Math.floor(nowS / step) * step;
      const urls: Record<string, string> = {};
      for (const p of new Set(paths)) {
        if (isExternal(p)) urls[p] = p;
        else if (!isSafeKey(p)) continue;
        else if (opts.storage.presignedUrl) {
          urls[p] = await opts.storage.presignedUrl(p, new Date(signedAt * 1000), exp - signedAt);
        } else urls[p] = `/files/${p}?exp=${exp}&sig=${mac(p, exp)}`;
      }
      return { urls, expires_at: new Date(exp * 1000).toISOString() };
    },
    secondsLeft(key, exp, sig, now = Date.now()) {
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return null;
      const left = Number(exp) - Math.floor(now / 1000);
      if (left <= 0) return null;
      const want = Buffer.from(mac(key, Number(exp)));
      const got = Buffer.from(sig);
      return got.length === want.length && timingSafeEqual(got, want) ? left : null;
    },
  };
}
