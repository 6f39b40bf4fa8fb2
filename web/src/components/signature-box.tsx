import { EditOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { hasFile } from '../lib/file-urls';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';
import { ImageZoom } from './image-zoom';

// the 500 x 350 signature pad, scaled; two per row on a phone
const DESKTOP_SIZE = { width: 180, height: 126 };
const PHONE_SIZE = { width: 136, height: 95 };

/**
 * A signature that enlarges on click, or 'Belum ditandatangani' when it is '-'; for the PIC, 'PIC
 * tidak di tempat' with the tire man's reason when he recorded one instead (`absentReason`).
 */
export function SignatureBox({
  label,
  path,
  absentReason,
}: {
  label: string;
  path: string | null | undefined;
  absentReason?: string | null;
}) {
  const size = useMediaQuery(DESKTOP_QUERY) ? DESKTOP_SIZE : PHONE_SIZE;
  const absent = !hasFile(path) && absentReason ? absentReason : null;
  return (
    <Flex vertical gap={4} align="center" role="group" aria-label={label}>
      <Typography.Text strong style={{ fontSize: 12, letterSpacing: 0.3 }}>
        {label}
      </Typography.Text>
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 4, background: '#fff' }}>
        {hasFile(path) ? (
          <ImageZoom path={path} alt={label} {...size} />
        ) : (
          <div
            role="img"
            aria-label={`${label}: ${absent ? 'PIC tidak di tempat' : 'belum ditandatangani'}`}
            style={{
              ...size,
              display: 'grid',
              placeItems: 'center',
              background: '#fafafa',
              borderRadius: 6,
              color: absent ? '#ad6800' : 'rgba(0,0,0,0.4)',
              fontSize: 12,
              textAlign: 'center',
            }}
          >
            <span>
              {absent ? (
                <UserDeleteOutlined style={{ fontSize: 18 }} />
              ) : (
                <EditOutlined style={{ fontSize: 18 }} />
              )}
              <br />
              {absent ? 'PIC tidak di tempat' : 'Belum ditandatangani'}
            </span>
          </div>
        )}
      </div>
      {absent && (
        <Typography.Text style={{ maxWidth: size.width + 10, fontSize: 12, overflowWrap: 'anywhere' }}>
          <Typography.Text strong style={{ fontSize: 12 }}>
            PIC tidak di tempat:
          </Typography.Text>{' '}
          {absent}
        </Typography.Text>
      )}
    </Flex>
  );
}
