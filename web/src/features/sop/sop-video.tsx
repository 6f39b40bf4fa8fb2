import { VideoCameraOutlined } from '@ant-design/icons';
import { hasFile, useFileUrl } from '../../lib/file-urls';
import { type VideoSource, videoSource } from './video-source';

const frame: React.CSSProperties = {
  position: 'relative',
  width: '100%',
  maxWidth: 880,
  aspectRatio: '16 / 9',
  borderRadius: 10,
  overflow: 'hidden',
  background: '#0f1f3d',
};

/**
 * The procedure's video: an uploaded file (served from /files through a signed link, seekable) or a
 * linked video file in the page's own player; a link to a provider in the provider's player.
 */
export function SopVideo({ url, path, title }: { url: string; path?: string | null; title: string }) {
  const uploaded = useFileUrl(path);
  // an uploaded video waits for its link in the player's frame
  const source: VideoSource | null = hasFile(path)
    ? uploaded
      ? { kind: 'file', src: uploaded }
      : null
    : videoSource(url);
  if (!source) return <div role="img" style={frame} aria-busy aria-label="Memuat video" />;
  if (source.kind === 'file') {
    return (
      <div style={frame}>
        {/* biome-ignore lint/a11y/useMediaCaption: the procedures' videos come without caption files */}
        <video
          controls
          preload="metadata"
          src={source.src}
          aria-label={`Video ${title}`}
          style={{ width: '100%', height: '100%', display: 'block', background: '#000' }}
        />
      </div>
    );
  }
  if (source.kind === 'embed') {
    return (
      <div style={frame}>
        <iframe
          src={source.src}
          title={`Video ${title}`}
          loading="lazy"
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
        />
      </div>
    );
  }
  return (
    <div
      role="img"
      aria-label={`Video ${title}: Video belum tersedia`}
      style={{
        width: '100%',
        maxWidth: 880,
        height: 160,
        borderRadius: 10,
        background: 'linear-gradient(135deg, #eef3fc 0%, #f7f9fd 100%)',
        border: '1px dashed #c5d3ee',
        display: 'grid',
        placeItems: 'center',
        color: '#5b6b88',
        textAlign: 'center',
      }}
    >
      <div>
        <VideoCameraOutlined style={{ fontSize: 36, color: '#8fa6d1' }} />
        <div style={{ marginTop: 8, fontWeight: 500 }}>Video belum tersedia</div>
      </div>
    </div>
  );
}
