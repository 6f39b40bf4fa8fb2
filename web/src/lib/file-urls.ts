import { API } from '@itms/contracts/api';
import { SIGN_FILE_URLS_MAX } from '@itms/contracts/api/files';
import { type Query, useQueries } from '@tanstack/react-query';
import { call } from './api-client';

/** A stored upload path ('-', empty or null mean none). */
export const hasFile = (path: string | null | undefined): path is string => !!path && path !== '-';
const isExternal = (path: string) => /^https?:\/\//i.test(path);

interface SignedUrl {
  /** null: the server signs no link for this path (not an upload). */
  url: string | null;
  expiresAt: number;
}

type Waiter = { resolve: (s: SignedUrl) => void; reject: (err: unknown) => void };
let waiting: Map<string, Waiter[]> | null = null;

/** Sends the paths asked for in one tick (a screen's photos and signatures) in one signing call. */
function signSoon(path: string): Promise<SignedUrl> {
  return new Promise((resolve, reject) => {
    if (!waiting) {
      waiting = new Map();
      setTimeout(signWaiting, 0);
    }
    waiting.set(path, [...(waiting.get(path) ?? []), { resolve, reject }]);
  });
}

async function signWaiting() {
  const batch = waiting!;
  waiting = null;
  const paths = [...batch.keys()];
  const chunks = Array.from({ length: Math.ceil(paths.length / SIGN_FILE_URLS_MAX) }, (_, i) =>
    paths.slice(i * SIGN_FILE_URLS_MAX, (i + 1) * SIGN_FILE_URLS_MAX),
  );
  await Promise.all(
    chunks.map(async (chunk) => {
      const settle = (each: (w: Waiter, path: string) => void) => {
        for (const path of chunk) for (const w of batch.get(path)!) each(w, path);
      };
      try {
        const reply = await call(API.signFileUrls, { body: { paths: chunk } });
        const expiresAt = Date.parse(reply.expires_at);
        settle((w, path) => w.resolve({ url: reply.urls[path] ?? null, expiresAt }));
      } catch (err) {
        settle((w) => w.reject(err));
      }
    }),
  );
}

/**
 * Links are asked for again when three quarters of their life has passed: none dies on an open
 * page. At least 30 s apart (a phone whose clock runs hours ahead would otherwise ask without
 * pause), at most 6 h (timers overflow past 24.8 days).
 */
function refreshAfter(query: Query<SignedUrl>): number {
  const { data, dataUpdatedAt } = query.state;
  if (!data) return 0;
  return Math.min(6 * 3600_000, Math.max(30_000, (data.expiresAt - dataUpdatedAt) * 0.75));
}

/**
 * Signed, expiring URLs of uploaded files: `/files/` opens only through them (the server signs them
 * for signed-in users). Returns the URL of each path, undefined while it is being signed or when
 * there is no file; http(s) addresses (a linked SOP video) are used as they are.
 */
export function useFileUrls(paths: readonly (string | null | undefined)[]) {
  const stored = [...new Set(paths.filter(hasFile).filter((p) => !isExternal(p)))];
  const signed = useQueries({
    queries: stored.map((path) => ({
      queryKey: [API.signFileUrls.tag, 'url', path],
      queryFn: () => signSoon(path),
      staleTime: refreshAfter,
      refetchInterval: refreshAfter,
      // a photo that cannot be shown is not worth an error dialog: its place stays empty
      meta: { silent: true },
    })),
  });
  const urls = new Map(stored.map((path, i) => [path, signed[i]?.data?.url ?? undefined]));
  return (path: string | null | undefined): string | undefined => {
    if (!hasFile(path)) return undefined;
    return isExternal(path) ? path : urls.get(path);
  };
}

/** The signed URL of one stored file (see useFileUrls). */
export function useFileUrl(path: string | null | undefined): string | undefined {
  return useFileUrls([path])(path);
}
