/** How an SOP video is shown: a <video> for a file, an <iframe> for an embeddable player, or nothing. */
export type VideoSource = { kind: 'none' } | { kind: 'file'; src: string } | { kind: 'embed'; src: string };

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;

/**
 * Reads the video URL an admin stored: a video file plays in the page's own player; YouTube,
 * Vimeo and Google Drive page links become their embeddable player; any other http(s) address is
 * taken as a player to embed.
 */
export function videoSource(raw: string | null | undefined): VideoSource {
  const text = raw?.trim() ?? '';
  if (!text) return { kind: 'none' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'none' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { kind: 'none' };
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'file', src: url.href };

  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const id = (s: string | null | undefined) => (s && /^[\w-]{6,}$/.test(s) ? s : null);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v =
      id(url.searchParams.get('v')) ?? id(/^\/(?:shorts|live|embed)\/([\w-]+)/.exec(url.pathname)?.[1]);
    if (v) return { kind: 'embed', src: `https://www.youtube.com/embed/${v}` };
  }
  if (host === 'youtu.be') {
    const v = id(url.pathname.slice(1));
    if (v) return { kind: 'embed', src: `https://www.youtube.com/embed/${v}` };
  }
  if (host === 'vimeo.com') {
    const v = /^\/(\d+)/.exec(url.pathname)?.[1];
    if (v) return { kind: 'embed', src: `https://player.vimeo.com/video/${v}` };
  }
  if (host === 'drive.google.com') {
    const v = /^\/file\/d\/([\w-]+)/.exec(url.pathname)?.[1];
    if (v) return { kind: 'embed', src: `https://drive.google.com/file/d/${v}/preview` };
  }
  return { kind: 'embed', src: url.href };
}

export const VIDEO_KIND_TEXT: Record<VideoSource['kind'], string> = {
  none: 'Video belum tersedia',
  file: 'File video (diputar langsung)',
  embed: 'Pemutar tersemat (mis. YouTube)',
};
