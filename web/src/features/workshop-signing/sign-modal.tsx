import { EditOutlined } from '@ant-design/icons';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { type TWorkshopQueueRow, WORKSHOP_MESSAGES } from '@itms/contracts/workshop';
import { Button, Flex, List, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ImageZoom } from '../../components/image-zoom';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { formatDate } from '../../lib/dayjs';
import { KindTag } from './kind-tag';

export const NEED_SIGNATURE_HINT = 'harap tanda tangan terlebih dahulu';

export interface SignModalProps {
  open: boolean;
  rows: TWorkshopQueueRow[];
  /** The signer's stored signature (upload path), or null. */
  storedSignature: string | null;
  submitting: boolean;
  onCancel: () => void;
  /** `drawn`: the path of a signature drawn now; undefined = the stored one. */
  onSubmit: (drawn: string | undefined) => void;
}

/** The last look before signing: what gets signed, with which signature (stored, or drawn now). */
export function SignModal({ open, rows, storedSignature, submitting, onCancel, onSubmit }: SignModalProps) {
  const [drawn, setDrawn] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);
  useEffect(() => {
    if (open) setDrawn(null);
  }, [open]);
  const signature = drawn ?? storedSignature;

  return (
    <Modal
      open={open}
      title={`Tanda Tangan Workshop: ${rows.length} data`}
      onCancel={onCancel}
      width={{ xs: '100%', sm: 620 }}
      destroyOnHidden
      mask={{ closable: !submitting }}
      footer={
        <Flex vertical align="flex-end" gap={6}>
          <Flex gap={8} wrap justify="flex-end">
            <Button icon={<EditOutlined />} onClick={() => setDrawing(true)} disabled={submitting}>
              {signature ? 'Gambar ulang' : 'Gambar tanda tangan'}
            </Button>
            <Button onClick={onCancel} disabled={submitting}>
              Batal
            </Button>
            <Button
              type="primary"
              disabled={!signature}
              loading={submitting}
              onClick={() => onSubmit(drawn ?? undefined)}
            >
              Tanda Tangani
            </Button>
          </Flex>
          {signature ? null : (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {NEED_SIGNATURE_HINT}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Data berikut ditandatangani sekaligus. Bila salah satunya sudah diubah orang lain, tidak ada yang
        ditandatangani.
      </Typography.Paragraph>
      <List
        size="small"
        bordered
        style={{ maxHeight: 220, overflowY: 'auto', marginBottom: 16 }}
        dataSource={rows}
        rowKey={(r) => `${r.kind}:${r.id}`}
        renderItem={(r) => (
          <List.Item>
            <Flex gap={8} align="center" wrap style={{ minWidth: 0 }}>
              <KindTag kind={r.kind} />
              <Typography.Text strong>{r.plate_number}</Typography.Text>
              <Typography.Text type="secondary">
                #{r.id} · {formatDate(r.date)}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
      <Typography.Text strong>Tanda tangan workshop</Typography.Text>
      <Flex vertical gap={4} align="flex-start" style={{ marginTop: 8 }}>
        {signature ? (
          <>
            <div style={{ border: '1px solid #e6e9f0', borderRadius: 8, padding: 4, lineHeight: 0 }}>
              <ImageZoom
                path={signature}
                alt="Tanda tangan workshop"
                width={200}
                height={140}
                fit="contain"
              />
            </div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {drawn ? 'Tanda tangan yang baru digambar' : 'Tanda tangan tersimpan Anda'}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text type="secondary">{WORKSHOP_MESSAGES.needSignature}</Typography.Text>
        )}
      </Flex>
      <SignaturePadModal
        open={drawing}
        width={SIGNATURE_PAD_CHECK.width}
        height={SIGNATURE_PAD_CHECK.height}
        title="Tanda Tangan Workshop"
        onCancel={() => setDrawing(false)}
        onSubmit={(path) => {
          setDrawn(path);
          setDrawing(false);
        }}
      />
    </Modal>
  );
}
