import type { TestApp } from './helpers';
import { multipartFile, TINY_PNG } from './multipart';

/**
 * Uploads a small PNG through POST /api/upload as the token's user and returns its path: a path
 * that user may cite in his records (the upload route records who uploaded it).
 */
export async function uploadPhoto(t: Pick<TestApp, 'app'>, token: string): Promise<string> {
  const { payload, headers } = multipartFile('image', 'foto.png', TINY_PNG, 'image/png');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...headers, access_token: token },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().awsImage as string;
}

/** Several uploads by one user, in parallel. */
export async function uploadPhotos<K extends string>(
  t: Pick<TestApp, 'app'>,
  token: string,
  names: readonly K[],
): Promise<Record<K, string>> {
  const paths = await Promise.all(names.map(() => uploadPhoto(t, token)));
  return Object.fromEntries(names.map((n, i) => [n, paths[i]])) as Record<K, string>;
}

/** The signed `/files/...` link the API gives the token's user for a stored path. */
export async function signedFileUrl(t: Pick<TestApp, 'app'>, token: string, path: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/sign',
    headers: { access_token: token },
    payload: { paths: [path] },
  });
  const url = res.json().urls?.[path];
  if (res.statusCode !== 200 || !url) throw new Error(`sign failed: ${res.statusCode} ${res.body}`);
  return url as string;
}
