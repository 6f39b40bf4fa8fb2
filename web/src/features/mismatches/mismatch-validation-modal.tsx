import { CheckCircleOutlined, EditOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { UNSIGNED } from '@itms/contracts/enums';
import {
  MISMATCH_VALIDATED_MESSAGE,
  SIGN_FIRST_MESSAGE,
  type TMismatchDetail,
} from '@itms/contracts/mismatches';
import { Alert, App, Button, Divider, Flex, Modal, Result, Typography } from 'antd';
import { useState } from 'react';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/feedback';
import { useFileUrl } from '../../lib/file-urls';
import { getStoredUser } from '../../lib/storage';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useValidateMismatch } from './api/validate-mismatch';
import { MismatchFacts } from './mismatch-facts';
import { LoadingBlock, MismatchPrintButton } from './mismatch-format';
import { initialChoice, type PositionChoice, validateBody, withAction, withSerial } from './position-plan';
import { PositionsEditor } from './positions-editor';

export interface MismatchValidationModalProps {
  /** The BKB to show; null: closed. */
  id: number | null;
  onClose: () => void;
}

/** BKB list: the detail of a pending BKB with its positions, signed and submitted by the validator. */
export function MismatchValidationModal({ id, onClose }: MismatchValidationModalProps) {
  return (
    <Modal
      open={id !== null}
      title={id !== null ? `Berita Ketidaksesuaian Ban #${id}` : 'Berita Ketidaksesuaian Ban'}
      onCancel={onClose}
      footer={null}
      width={{ xs: '100%', md: 960 }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {id !== null ? <DetailBody id={id} onClose={onClose} /> : null}
    </Modal>
  );
}

function DetailBody({ id, onClose }: { id: number; onClose: () => void }) {
  // asked again each time a detail opens; the body shows its own error
  const detail = useEndpoint(
    API.getMismatch,
    { params: { id } },
    { staleTime: 0, gcTime: 0, meta: { silent: true } },
  );
  if (detail.isPending) return <LoadingBlock />;
  if (detail.isError) {
    return (
      <Result
        status="error"
        title="Oops..."
        subTitle={errorText(detail.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => detail.refetch()}>
            Coba lagi
          </Button>,
          <Button key="close" onClick={onClose}>
            Tutup
          </Button>,
        ]}
      />
    );
  }
  return <ValidationForm detail={detail.data} onClose={onClose} />;
}

const hasSignature = (s: string | null | undefined): s is string => !!s && s !== UNSIGNED;

function ValidationForm({ detail, onClose }: { detail: TMismatchDetail; onClose: () => void }) {
  const { modal, message } = App.useApp();
  const compact = !useMediaQuery(DESKTOP_QUERY);
  const validate = useValidateMismatch();
  const [choices, setChoices] = useState<Record<string, PositionChoice>>(() =>
    Object.fromEntries(detail.positions.map((p) => [p.position, initialChoice(p)])),
  );
  const [drawn, setDrawn] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);

  const stored = getStoredUser()?.signature;
  const hasStored = hasSignature(stored);
  const signature = drawn ?? (hasStored ? stored : null);
  const busy = validate.isPending;

  if (detail.status === 'approved') {
    return (
      <Flex vertical gap={16}>
        <Alert
          type="success"
          showIcon
          title="BKB ini sudah divalidasi"
          description={`Divalidasi oleh ${detail.itms_bkb?.name ?? '-'}. Lihat di Rekam BKB.`}
        />
        <MismatchFacts detail={detail} variant="validation" />
        <Flex gap={8} wrap justify="end">
          <MismatchPrintButton detail={detail} />
          <Button onClick={onClose}>Tutup</Button>
        </Flex>
      </Flex>
    );
  }

  const update = (position: string, f: (c: PositionChoice) => PositionChoice) =>
    setChoices((prev) => ({ ...prev, [position]: f(prev[position]!) }));

  const submit = async () => {
    const body = validateBody(detail.positions, choices, drawn ?? undefined);
    const hide = message.loading('Mengirim data ...', 0);
    try {
      const reply = await validate.mutateAsync({ id: detail.id, body });
      message.success(reply.message || MISMATCH_VALIDATED_MESSAGE, 3);
      onClose();
    } catch (err) {
      // the "Oops..." dialog is already up (query client); someone else validated it first: close
      if (isApiError(err) && err.status === 409) onClose();
    } finally {
      hide();
    }
  };

  const confirmSubmit = () =>
    modal.confirm({
      title: 'Yakin mengirim data ?',
      content: `BKB #${detail.id}, unit ${detail.Unit.plate_number}`,
      okText: 'Kirim',
      cancelText: 'Batal',
      onOk: submit,
      onCancel: () => message.info('Changes are not saved'),
    });

  return (
    <Flex vertical gap={16}>
      <MismatchFacts detail={detail} variant="validation" />
      <div>
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          Posisi Ban ({detail.Unit.unit_type})
        </Divider>
        <PositionsEditor
          positions={detail.positions}
          choices={choices}
          compact={compact}
          disabled={busy}
          onSerial={(p, serial, tire) => update(p.position, (c) => withSerial(p, c, serial, tire))}
          onAction={(p, action) => update(p.position, (c) => withAction(p, c, action))}
        />
      </div>

      <Flex
        gap={12}
        wrap
        align="center"
        justify="space-between"
        style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 16 }}
      >
        <SignatureState drawn={drawn} stored={hasStored ? stored : null} />
        <Flex gap={8} wrap justify="end" style={{ marginInlineStart: 'auto' }}>
          <Button
            icon={<EditOutlined />}
            onClick={() => setPadOpen(true)}
            disabled={hasStored || busy}
            title={hasStored ? 'Tanda tangan tersimpan akan dipakai' : undefined}
          >
            SETUJUI
          </Button>
          <MismatchPrintButton detail={detail} />
          <Button onClick={onClose} disabled={busy}>
            BATAL
          </Button>
          <Button
            type="primary"
            onClick={confirmSubmit}
            disabled={!signature}
            loading={busy}
            title={signature ? undefined : SIGN_FIRST_MESSAGE}
          >
            SUBMIT
          </Button>
        </Flex>
      </Flex>

      <SignaturePadModal
        open={padOpen}
        width={SIGNATURE_PAD_CHECK.width}
        height={SIGNATURE_PAD_CHECK.height}
        title="Tanda Tangan"
        onCancel={() => setPadOpen(false)}
        onSubmit={(path) => {
          setDrawn(path);
          setPadOpen(false);
        }}
      />
    </Flex>
  );
}

function SignatureState({ drawn, stored }: { drawn: string | null; stored: string | null }) {
  const path = drawn ?? stored;
  const src = useFileUrl(path);
  if (!path) {
    return (
      <Typography.Text type="warning" role="note">
        {SIGN_FIRST_MESSAGE}
      </Typography.Text>
    );
  }
  return (
    <Flex gap={10} align="center">
      <img
        src={src}
        alt="Tanda tangan validator"
        height={44}
        style={{ border: '1px solid #f0f0f0', borderRadius: 6, background: '#fff', maxWidth: 120 }}
      />
      <Typography.Text type="success">
        <CheckCircleOutlined /> {drawn ? 'Sudah ditandatangani' : 'Tanda tangan tersimpan dipakai'}
      </Typography.Text>
    </Flex>
  );
}
