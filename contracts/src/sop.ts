// SOP videos (issue #22 item 10): an uploaded MP4/WebM stored under /files, or a link (video_url).
import { z } from 'zod';

export const SOP_VIDEO_MESSAGES = {
  uploaded: 'Video SOP berhasil diunggah',
  removed: 'Video SOP berhasil dihapus',
  notVideo: 'File harus berupa video MP4 atau WebM',
  missing: 'Field "video" berisi file video wajib diisi',
  notMultipart: 'Kirim file video sebagai multipart/form-data pada field "video"',
  empty: 'File kosong',
  tooLarge: (bytes: number) =>
    bytes >= 1024 * 1024
      ? `Ukuran video melebihi ${Math.round(bytes / (1024 * 1024))} MB`
      : `Ukuran video melebihi ${Math.round(bytes / 1024)} KB`,
} as const;

export const SOP_VIDEO_TYPES = { 'video/mp4': 'mp4', 'video/webm': 'webm' } as const;

export const ZSopEntry = z.object({
  id: z.number().int(),
  sort_order: z.number().int(),
  title: z.string(),
  video_url: z.string(),
  /** Uploaded video in storage (served at /files/{video_path}); it takes precedence over video_url. */
  video_path: z.string().nullable(),
  description: z.string(),
  updatedAt: z.string(),
});

export type TSopEntry = z.input<typeof ZSopEntry>;

/** Reply of PUT /api/sop/{id} and of the video upload and removal: the saved entry. */
export const ZSopReply = z.object({ message: z.string(), data: ZSopEntry });
export const ZSopVideoReply = ZSopReply;
export type TSopVideoReply = z.infer<typeof ZSopVideoReply>;
