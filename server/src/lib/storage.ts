import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config';

/** Bytes `start` to `end` of a file, both inclusive (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded files live. Keys are relative paths such as `2026/11/ab12cd.png`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from local disk (a large upload spooled there), streamed rather than read whole. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** A readable stream of the file (or of one byte range of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /**
   * A URL that serves the file straight from the storage until `signedAt` + `seconds` (S3: a
   * presigned GetObject). Absent for local files: `/files/` serves them behind our own signature.
   */
  presignedUrl?(key: string, signedAt: Date, seconds: number): Promise<string>;
}

/** Random, unguessable key under a year/month folder. */
export function newUploadKey(ext: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Keys come from URLs: accept only what newUploadKey makes, so nothing escapes the folder. */
export function isSafeKey(key: string): boolean {
  return /^[0-9]{4}\/[0-9]{2}\/[a-z0-9-]{8,64}\.(png|jpg|webp|mp4|webm)$/.test(key);
}

export function localStorage(dir: string): Storage {
  return {
    async put(key, body) {
      const file = path.join(dir, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // write then rename: a crash never leaves half a file under the final name
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, body);
      await fs.promises.rename(tmp, file);
    },
    async putFile(key, source) {
      const file = path.join(dir, key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      // the spooled file may sit on another file system (EXDEV): copy, then rename into place
      await fs.promises.copyFile(source, tmp);
      await fs.promises.rename(tmp, file);
    },
    async get(key, range) {
      const file = path.join(dir, key);
      try {
        await fs.promises.access(file);
      } catch {
        return null;
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },
    async size(key) {
      try {
        return (await fs.promises.stat(path.join(dir, key))).size;
      } catch {
        return null;
      }
    },
  };
}

export function s3Storage(cfg: Config['storage']['s3']): Storage {
  // imported only when S3 is the storage: the SDK is about 13 MB of RSS that local storage never needs
  const s3 = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      forcePathStyle: Boolean(cfg.endpoint),
      // S3-compatible servers (MinIO, Ceph, s3rver, ...) may not read the SDK's default checksum
      // trailers on streamed uploads (aws-chunked): a stored video would carry them as bytes.
      // Checksums only where the operation requires them, as before SDK 3.729.
      ...(cfg.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
    }),
  }));
  return {
    async put(key, body, contentType) {
      const { sdk, client } = await s3;
      await client.send(
        new sdk.PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async putFile(key, file, contentType) {
      const { sdk, client } = await s3;
      const { size } = await fs.promises.stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: cfg.bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async get(key, range) {
      const { sdk, client } = await s3;
      try {
        const out = await client.send(
          new sdk.GetObjectCommand({
            Bucket: cfg.bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return out.Body instanceof Readable ? out.Body : null;
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async presignedUrl(key, signedAt, seconds) {
      const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
        s3,
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const command = new sdk.GetObjectCommand({
        Bucket: cfg.bucket,
        Key: key,
        // the object comes back private to the browser, kept until the URL expires
        ResponseCacheControl: `private, max-age=${seconds}`,
      });
      return getSignedUrl(client, command, { signingDate: signedAt, expiresIn: seconds });
    },
    async size(key) {
      const { sdk, client } = await s3;
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket: cfg.bucket, Key: key }));
        return out.ContentLength ?? null;
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name === 'NotFound' || name === 'NoSuchKey') return null;
        throw err;
      }
    },
  };
}

/**
 * Origins the browser loads stored files from besides our own (the CSP's img-src and media-src):
 * the S3 endpoint, or AWS's virtual-hosted and path-style hosts of the bucket.
 */
export function storageOrigins(storage: Config['storage']): string[] {
  if (storage.driver !== 's3') return [];
  const { endpoint, bucket, region } = storage.s3;
  if (endpoint) return [new URL(endpoint).origin];
  return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://s3.${region}.amazonaws.com`];
}

export function createStorage(config: Config): Storage {
  return config.storage.driver === 's3'
    ? s3Storage(config.storage.s3)
    : localStorage(config.storage.localDir);
}
