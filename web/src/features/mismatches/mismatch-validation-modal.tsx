import { CheckCircleOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { UNSIGNED } from '@itms/contracts/enums';
import {
  MISMATCH_VALIDATED_MESSAGE,
  SIGN_FIRST_MESSAGE,
  type TMismatchDetail,
} from '@itms/contracts/mismatches';
import { Alert, App, Button, Divider, Flex, Modal, Result, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { KeyboardHelp, KeyboardHelpButton, VALIDATION_SHORTCUTS } from '../../components/keyboard-help';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { ValidationActions } from '../../components/validation-actions';
import { isApiError } from '../../lib/api-client';
import { errorText, sendValidation } from '../../lib/feedback';
import { useFileUrl } from '../../lib/file-urls';
import { getStoredUser } from '../../lib/storage';
import { useEndpoint } from '../../lib/use-endpoint';
import { useValidationKeys } from '../../lib/use-list-keys';
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
  /** After 'Validasi & berikutnya': shows the next BKB of the same filtered list, or closes. */
  onNext: () => void;
  /** The next BKB is being looked up. */
  goingNext: boolean;
}

/** BKB list: the detail of a pending BKB with its positions, signed and submitted by the validator. */
export function MismatchValidationModal({ id, onClose, onNext, goingNext }: MismatchValidationModalProps) {
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
      {goingNext ? (
        <LoadingBlock text="Membuka BKB berikutnya ..." />
      ) : id !== null ? (
        // a fresh form for each BKB ('Validasi & berikutnya' keeps the dialog open)
        <DetailBody key={id} id={id} onClose={onClose} onNext={onNext} />
      ) : null}
    </Modal>
  );
}

interface BodyProps {
  onClose: () => void;
  onNext: () => void;
}

function DetailBody({ id, onClose, onNext }: BodyProps & { id: number }) {
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
  return <ValidationForm detail={detail.data} onClose={onClose} onNext={onNext} />;
}

const hasSignature = (s: string | null | undefined): s is string => !!s && s !== UNSIGNED;

function ValidationForm({ detail, onClose, onNext }: BodyProps & { detail: TMismatchDetail }) {
  const { message } = App.useApp();
  const compact = !useMediaQuery(DESKTOP_QUERY);
  const validate = useValidateMismatch();
  const [choices, setChoices] = useState<Record<string, PositionChoice>>(() =>
    Object.fromEntries(detail.positions.map((p) => [p.position, initialChoice(p)])),
  );
  const [drawn, setDrawn] = useState<string | null>(null);
  const [padOpen, setPadOpen] = useState(false);
  const [help, setHelp] = useState(false);
  // validated: the form stays on screen until the next BKB opens, and must not send again
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);

  const stored = getStoredUser()?.signature;
  const hasStored = hasSignature(stored);
  const signature = drawn ?? (hasStored ? stored : null);
  const busy = validate.isPending;
  const approved = detail.status === 'approved';

  // the keys of the form work at once, also when the next BKB replaced the previous one
  useEffect(() => formRef.current?.focus(), []);

  // v: Validasi & berikutnya with the stored signature, after the one Kirim confirmation
  useValidationKeys({
    storedSign: hasStored ? stored : null,
    disabled: approved || busy || sent,
    onValidateNext: () => confirmSubmit(true),
    onHelp: () => setHelp(true),
    within: formRef,
  });

  const update = (position: string, f: (c: PositionChoice) => PositionChoice) =>
    setChoices((prev) => ({ ...prev, [position]: f(prev[position]!) }));

  /** Sends the validation; then closes, or with `next` shows the next BKB of the same list. */
  const submit = async (next: boolean) => {
    const body = validateBody(detail.positions, choices, drawn ?? undefined);
    const hide = message.loading('Mengirim data ...', 0);
    try {
      const reply = await validate.mutateAsync({ id: detail.id, body });
      setSent(true);
      message.success(reply.message || MISMATCH_VALIDATED_MESSAGE, 3);
      if (next) onNext();
      else onClose();
    } catch (err) {
      // the "Oops..." dialog is already up (query client); someone else validated it first: close
      if (isApiError(err) && err.status === 409) onClose();
    } finally {
      hide();
    }
  };

  /** SUBMIT: asked once (see sendValidation), then sent. */
  const confirmSubmit = (next = false) =>
    sendValidation({
      drawn: drawn !== null,
      send: () => submit(next),
      content: `BKB #${detail.id}, unit ${detail.Unit.plate_number}`,
    });

  if (approved) {
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

  return (
    <Flex vertical gap={16} ref={formRef} tabIndex={-1} style={{ outline: 'none' }}>
      <Flex justify="end" style={{ marginBottom: -12 }}>
        <KeyboardHelpButton onClick={() => setHelp(true)} />
      </Flex>
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
        <div style={{ marginInlineStart: 'auto' }}>
          <ValidationActions
            signed={Boolean(signature)}
            hasStoredSign={hasStored}
            submitting={busy}
            onSign={() => setPadOpen(true)}
            onCancel={onClose}
            onSubmit={() => confirmSubmit()}
            onSubmitNext={() => confirmSubmit(true)}
            hintId={SIGN_HINT_ID}
            extra={<MismatchPrintButton detail={detail} />}
          />
        </div>
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
      <KeyboardHelp open={help} onClose={() => setHelp(false)} shortcuts={VALIDATION_SHORTCUTS} />
    </Flex>
  );
}

const SIGN_HINT_ID = 'bkb-sign-hint';

function SignatureState({ drawn, stored }: { drawn: string | null; stored: string | null }) {
  const path = drawn ?? stored;
  const src = useFileUrl(path);
  if (!path) {
    return (
      <Typography.Text id={SIGN_HINT_ID} type="warning" role="note">
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
