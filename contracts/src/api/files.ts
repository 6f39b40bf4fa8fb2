import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the file operations beyond the generic ones. */
export const filesErrors = defineErrors({});

/** At most this many paths per signing call: a screen's photos and signatures fit several times. */
export const SIGN_FILE_URLS_MAX = 100;

export const ZSignFileUrlsBody = z.object({
  paths: z
    .array(z.string().max(1000, 'Path file terlalu panjang'))
    .min(1, 'Path file wajib diisi')
    .max(SIGN_FILE_URLS_MAX, `Paling banyak ${SIGN_FILE_URLS_MAX} file sekaligus`),
});

export const ZSignFileUrlsReply = z.object({
  /**
   * A time-limited URL per stored path (an http(s) address comes back unchanged); a path that
   * names no stored file ('-', a folder outside the uploads) is left out.
   */
  urls: z.record(z.string(), z.string()),
  /** When the signed URLs stop working: ask again before. */
  expires_at: z.string(),
});
export type TSignFileUrlsReply = z.infer<typeof ZSignFileUrlsReply>;

export const filesEndpoints = defineEndpoints({
  signFileUrls: {
    method: 'POST',
    path: '/files/sign',
    summary:
      'Time-limited URLs for uploaded photos, signatures and videos: /files/{path}?exp=&sig= (local storage) or a presigned S3 URL. Only for files the caller may see (the office and the workshop: every file; a tire man: his own uploads, photo and signature, the SOP videos and the files of his own records); a call naming any other stored path is refused whole (404).',
    tag: 'files',
    invalidates: 'nothing',
    access: 'account',
    body: ZSignFileUrlsBody,
    reply: ZSignFileUrlsReply,
    errors: ['NOT_FOUND'],
  },
});
