import { API } from '@itms/contracts/api';
import { replyTo } from './render-app';

/** The link the stand-in below signs for a stored path. */
export const signedUrl = (path: string) => `/files/${path}?exp=1900000000&sig=test-signature`;

/** A stand-in for POST /api/files/sign: every path gets `signedUrl(path)`. */
export const signFileUrls = () =>
  replyTo(API.signFileUrls, (init) => {
    const { paths } = JSON.parse(String(init.body)) as { paths: string[] };
    return {
      body: {
        urls: Object.fromEntries(paths.map((p) => [p, signedUrl(p)])),
        expires_at: new Date(1_900_000_000_000).toISOString(),
      },
    };
  });
