import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography, Upload } from 'antd';
import { useState } from 'react';
import { showApiError, showErrorDialog } from '../lib/feedback';
import { hasFile, useFileUrl } from '../lib/file-urls';
import { uploadImage } from '../lib/upload';

/** What POST /api/upload accepts (checked again on the server by content). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_ONLY_MESSAGE = 'File harus berupa gambar PNG, JPG atau WebP';
export const IMAGE_TOO_BIG_MESSAGE = 'Ukuran gambar maksimal 5 MB';

/** Why a chosen file cannot be uploaded, or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_ONLY_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_BIG_MESSAGE;
  return null;
}

export interface ImageUploadFieldProps {
  /** Stored upload path; '', '-' or null mean none. */
  value?: string | null;
  onChange?: (path: string | null) => void;
  /** Accessible name of the file input and the preview, e.g. 'Gambar banner'. */
  label: string;
  /** Preview size. */
  width?: number;
  height?: number;
  /** Offer 'Hapus gambar' (optional images). */
  removable?: boolean;
  disabled?: boolean;
  /** Round preview (profile photos). */
  round?: boolean;
}

/**
 * Choose an image, upload it right away (POST /api/upload) and keep its path as the field value;
 * shows a preview that enlarges on click.
 */
export function ImageUploadField({
  value,
  onChange,
  label,
  width = 160,
  height = 100,
  removable,
  disabled,
  round,
}: ImageUploadFieldProps) {
  const [uploading, setUploading] = useState(false);
  const stored = hasFile(value);
  const src = useFileUrl(value);
  const radius = round ? '50%' : 8;

  const choose = async (file: File) => {
    const problem = imageProblem(file);
    if (problem) {
      showErrorDialog({ text: problem });
      return;
    }
    setUploading(true);
    try {
      onChange?.(await uploadImage(file, file.name));
    } catch (err) {
      showApiError(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Flex align="center" gap={12} wrap>
      {src ? (
        <Image
          src={src}
          alt={label}
          width={width}
          height={height}
          style={{ objectFit: 'cover', borderRadius: radius, border: '1px solid #f0f0f0' }}
          preview={{ mask: 'Perbesar' }}
        />
      ) : stored ? (
        // uploaded: its signed link is on the way
        <div
          role="img"
          aria-label={`${label}: memuat`}
          aria-busy
          style={{ width, height, borderRadius: radius, background: '#f5f5f5' }}
        />
      ) : (
        <div
          role="img"
          aria-label={`${label}: belum ada`}
          style={{
            width,
            height,
            borderRadius: radius,
            border: '1px dashed #d0d5dd',
            background: '#fafbfc',
            display: 'grid',
            placeItems: 'center',
            color: '#8c8c8c',
            fontSize: 12,
            textAlign: 'center',
            padding: 4,
          }}
        >
          Belum ada gambar
        </div>
      )}
      <Flex vertical gap={6} align="flex-start">
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={uploading}
            disabled={disabled}
            aria-label={`Unggah ${label}`}
          >
            {uploading ? 'Mengunggah ...' : stored ? 'Ganti gambar' : 'Unggah gambar'}
          </Button>
        </Upload>
        {removable && stored ? (
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            onClick={() => onChange?.(null)}
            disabled={disabled || uploading}
          >
            Hapus gambar
          </Button>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          PNG, JPG atau WebP, maks. 5 MB
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
