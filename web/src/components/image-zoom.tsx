import { PictureOutlined } from '@ant-design/icons';
import { Image } from 'antd';
import { hasFile, useFileUrl } from '../lib/file-urls';

export interface ImageZoomProps {
  /** Stored upload path; '-' or empty shows the placeholder. */
  path: string | null | undefined;
  alt: string;
  width?: number;
  height?: number;
  /** How the photo fills the box: 'cover' (default) crops, 'contain' shows all of it (signatures). */
  fit?: 'cover' | 'contain';
}

/** A photo that enlarges on click, or a labelled placeholder when there is none. */
export function ImageZoom({ path, alt, width = 120, height = 90, fit = 'cover' }: ImageZoomProps) {
  const src = useFileUrl(path);
  if (!hasFile(path)) {
    return (
      <div
        role="img"
        aria-label={`${alt}: tidak ada foto`}
        style={{
          width,
          height,
          display: 'grid',
          placeItems: 'center',
          background: '#f5f5f5',
          border: '1px solid #f0f0f0',
          borderRadius: 6,
          color: '#8c8c8c',
          fontSize: 12,
          textAlign: 'center',
        }}
      >
        <span>
          <PictureOutlined style={{ fontSize: 20 }} />
          <br />
          Tidak ada foto
        </span>
      </div>
    );
  }
  if (!src) {
    // its signed link is on the way
    return (
      <div
        role="img"
        aria-label={`${alt}: memuat`}
        aria-busy
        style={{ width, height, background: '#f5f5f5', borderRadius: 6 }}
      />
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={height}
      style={{ objectFit: fit, borderRadius: 6, background: fit === 'contain' ? '#fff' : undefined }}
      preview={{ mask: 'Perbesar' }}
    />
  );
}
