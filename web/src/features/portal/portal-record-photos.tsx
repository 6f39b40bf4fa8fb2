import { FilePdfOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { PortalRecordKind, TPortalPhoto } from '@itms/contracts/portal';
import { Button, Empty, Flex, Image, Modal, Spin, Typography } from 'antd';
import { DownloadButton } from '../../components/download-button';
import { LoadError } from '../../components/load-error';
import { LOADING } from '../../components/page-frame';
import { useEndpoint } from '../../lib/use-endpoint';

export interface PortalRecordPhotosProps {
  unitId: number;
  kind: PortalRecordKind;
  /** The check, replacement or BKB whose photos are shown; null: closed. */
  recordId: number | null;
  onClose: () => void;
}

/** What a photo shows: its label, and the tire position when it is a tire's. */
const captionOf = (p: TPortalPhoto) => (p.position === null ? p.label : `${p.label} · Posisi ${p.position}`);

/**
 * The photos of one of the unit's validated checks, replacements or BKB (plate, odometer, serial
 * numbers, the BKB's photo), each captioned; a tap enlarges one and swipes through the others.
 * 'Unduh PDF' downloads the record as the office prints it (Cetak).
 */
export function PortalRecordPhotos({ unitId, kind, recordId, onClose }: PortalRecordPhotosProps) {
  return (
    <Modal
      open={recordId !== null}
      title="Foto"
      onCancel={onClose}
      footer={
        <Flex justify="space-between" gap={8} wrap>
          {recordId !== null ? (
            <DownloadButton
              endpoint={API.getPortalRecordPdf}
              params={{ id: unitId }}
              query={{ kind, record_id: recordId }}
              filename={`${kind}-${recordId}.pdf`}
              toastKey="portal-record-pdf"
              preparing="Menyiapkan PDF ..."
              done="PDF diunduh"
              icon={<FilePdfOutlined />}
            >
              Unduh PDF
            </DownloadButton>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>Tutup</Button>
        </Flex>
      }
      width={{ xs: '100%', md: 720 }}
      destroyOnHidden
    >
      {recordId !== null ? <Photos unitId={unitId} kind={kind} recordId={recordId} /> : null}
    </Modal>
  );
}

function Photos({ unitId, kind, recordId }: { unitId: number; kind: PortalRecordKind; recordId: number }) {
  // the links are signed and expire: asked again each time the dialog opens
  const photos = useEndpoint(
    API.getPortalRecordPhotos,
    { params: { id: unitId }, query: { kind, record_id: recordId } },
    { staleTime: 0, gcTime: 0, meta: { silent: true } },
  );
  if (photos.isError) {
    return <LoadError error={photos.error} onRetry={() => photos.refetch()} retrying={photos.isFetching} />;
  }
  if (!photos.data) {
    return (
      <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
        <Spin />
        <Typography.Text type="secondary">{LOADING}</Typography.Text>
      </Flex>
    );
  }
  if (photos.data.photos.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Tidak ada foto untuk data ini" />;
  }
  return (
    <Image.PreviewGroup>
      <ul
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 12,
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {photos.data.photos.map((p) => {
          const caption = captionOf(p);
          return (
            // the label may come twice (a replacement's old and new serial at one position); the link not
            <li key={p.url} style={{ minWidth: 0 }}>
              <Image
                src={p.url}
                alt={caption}
                width="100%"
                style={{ aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 6, background: '#f5f5f5' }}
                preview={{ mask: 'Perbesar' }}
              />
              <Typography.Text style={{ display: 'block', marginTop: 4, overflowWrap: 'anywhere' }}>
                {caption}
              </Typography.Text>
            </li>
          );
        })}
      </ul>
    </Image.PreviewGroup>
  );
}
