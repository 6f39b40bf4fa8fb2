import { CheckOutlined, RollbackOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { SIGNATURE_PAD_CHECK } from '@itms/contracts/constants';
import { UNSIGNED } from '@itms/contracts/enums';
import {
  AFTER_VS_BEFORE,
  AFTER_VS_BEFORE_COLOR,
  AFTER_VS_BEFORE_LABEL,
} from '@itms/contracts/rules/after-vs-before';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import {
  CHECK_MESSAGES,
  type TActiveUnitTires,
  type TTireCheckDetail,
  type TTireCheckRecord,
} from '@itms/contracts/tire-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Result, Row, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FieldWarningsAlert } from '../../components/field-warnings-alert';
import { FullPageSpin } from '../../components/full-page-spin';
import { KeyboardHelp, KeyboardHelpButton, VALIDATION_SHORTCUTS } from '../../components/keyboard-help';
import { LinkButton } from '../../components/link-button';
import { LoadingDialog } from '../../components/loading-dialog';
import { PrintPdfButton } from '../../components/print-pdf-button';
import { queueSearchOf } from '../../components/queue-filter-bar';
import { ReturnHistory } from '../../components/return-history';
import { ReturnReasonModal } from '../../components/return-reason-modal';
import { SignaturePadModal } from '../../components/signature-pad-modal';
import { StageAlert } from '../../components/stage-alert';
import { errorText, sendValidation, toast } from '../../lib/feedback';
import { stepsFor } from '../../lib/lifecycle';
import { useQueueNext } from '../../lib/queue-next';
import { getStoredUser } from '../../lib/storage';
import { NOT_SAVED } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { useValidationKeys } from '../../lib/use-list-keys';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { prefetchCheck } from './api/prefetch-check';
import { useReturnCheck } from './api/return-check';
import { useValidateCheck } from './api/validate-check';
import {
  type AfterValues,
  activeSerials,
  afterChanged,
  buildValidateBody,
  emptyAfterFields,
  initialAfter,
  isBkb,
  type MeasureKey,
  outOfRangeAfterFields,
  sortByPosition,
} from './check-form-model';
import { CheckHeader } from './check-header';
import { ChooseCheckPrompt } from './choose-check-prompt';
import { ConfirmValidationModal } from './confirm-validation-modal';
import { TONE_STYLE } from './measure-input';
import { PositionDetailModal, RecordInfoModal } from './record-modals';
import { TirePositionCard } from './tire-position-card';

export const CHECK_HINT = 'Pastikan seluruh data pengecekan sudah benar!';

/** Form Pengecekan of one check (/pengecekan/:id); without a valid id, the prompt to choose one. */
export default function CheckFormPage() {
  const { id: param } = useParams();
  const id = Number(param);
  if (!Number.isInteger(id) || id <= 0) return <ChooseCheckPrompt />;
  // a new check starts from a fresh form
  return <CheckFormLoader key={id} id={id} />;
}

function CheckFormLoader({ id }: { id: number }) {
  const detail = useEndpoint(API.getTireCheck, { params: { id } });
  const records = useEndpoint(API.listTireCheckRecords, { params: { id } });
  const unitId = detail.data?.unit_id ?? 0;
  const active = useEndpoint(API.getActiveUnitTires, { params: { unitId } }, { enabled: unitId > 0 });

  if (detail.isPending || records.isPending) return <FullPageSpin text="Mengambil Data ..." />;
  if (detail.isError || records.isError) {
    const err = detail.error ?? records.error;
    return (
      <div>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Form Pengecekan
        </Typography.Title>
        <Result
          status="warning"
          title="Pengecekan tidak dapat dimuat"
          subTitle={errorText(err)}
          extra={[
            <LinkButton key="list" type="primary" to="/validasi">
              Kembali ke Validasi Pengecekan
            </LinkButton>,
            <Button
              key="retry"
              onClick={() => {
                void detail.refetch();
                void records.refetch();
              }}
            >
              Coba lagi
            </Button>,
          ]}
        />
      </div>
    );
  }
  return <CheckForm detail={detail.data} records={records.data} active={active.data} />;
}

interface CheckFormProps {
  detail: TTireCheckDetail;
  records: TTireCheckRecord[];
  active: TActiveUnitTires | undefined;
}

function CheckForm({ detail, records, active }: CheckFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the queue's search and filters the check was opened from: the list and the next item keep them
  const [params] = useSearchParams();
  const queueSearch = queueSearchOf(params);
  const listUrl = `/validasi${queueSearch}`;
  const [help, setHelp] = useState(false);
  // validated: the form stays on screen while the next check renders, and must not send again
  const [sent, setSent] = useState(false);
  const user = getStoredUser();
  const storedSign = user?.signature && user.signature !== UNSIGNED ? user.signature : null;

  const sorted = useMemo(() => sortByPosition(records), [records]);
  const serials = useMemo(() => (active ? activeSerials(active) : null), [active]);
  const [after, setAfter] = useState<AfterValues>(() => initialAfter(records));
  const [info, setInfo] = useState<TTireCheckRecord | null>(null);
  const [positionDetail, setPositionDetail] = useState<TTireCheckRecord | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [padOpen, setPadOpen] = useState(false);
  const [drawnSign, setDrawnSign] = useState<string | null>(null);
  const [returnOpen, setReturnOpen] = useState(false);

  const validate = useValidateCheck(detail.id);
  const returning = useReturnCheck(detail.id);

  // the form validates only what the transition table lets this user validate now
  const readOnly = !stepsFor('tire-check', detail.stage, detail.tireman).has('validate');
  // typed After values, a drawn signature or an open dialog ask before the page is left
  const dirty =
    !readOnly && (afterChanged(records, after) || drawnSign !== null || confirmOpen || padOpen || returnOpen);
  const { allowNavigation } = useUnsavedChangesGuard(dirty);

  const setValue = (recordId: number, key: MeasureKey, value: number | null) =>
    setAfter((prev) => ({ ...prev, [recordId]: { ...prev[recordId], [key]: value } }));

  /** Whether every After value is filled in and inside its bounds; warns about the others. */
  const afterComplete = () => {
    const empty = emptyAfterFields(records, after);
    if (empty.length) {
      toast().warning(
        `Nilai After belum diisi: ${empty.slice(0, 4).join(', ')}${empty.length > 4 ? ', ...' : ''}`,
      );
      return false;
    }
    const wrong = outOfRangeAfterFields(records, after);
    if (wrong.length) {
      toast().warning(
        `Nilai di luar batas: ${wrong.slice(0, 4).join(', ')}${wrong.length > 4 ? ', ...' : ''}`,
      );
      return false;
    }
    return true;
  };

  const openConfirm = () => {
    if (afterComplete()) setConfirmOpen(true);
  };

  const edpSign = storedSign ?? drawnSign;

  // 'Validasi & berikutnya': the first check of the same filtered queue (this one has just left it)
  const { going: goingNext, openNext } = useQueueNext({
    endpoint: API.listTireCheckQueue,
    open: async (id) => {
      await prefetchCheck(queryClient, id);
      navigate(`/pengecekan/${id}${queueSearch}`);
    },
    leave: () => navigate(listUrl),
  });

  // a stored signature is taken by the server from the account; a drawn one is sent
  const drawnToSend = storedSign ? undefined : (drawnSign ?? undefined);

  /** SUBMIT: validates (asked once, see sendValidation); then the list, or with `next` the next check of the same queue. */
  const submit = (next = false) =>
    sendValidation({
      drawn: drawnToSend !== undefined,
      send: () => {
        if (validate.isPending) return;
        validate.mutate(buildValidateBody(records, after, drawnToSend), {
          onSuccess: () => {
            setSent(true);
            toast().success(CHECK_MESSAGES.validated);
            setConfirmOpen(false);
            allowNavigation();
            if (next) void openNext();
            else navigate(listUrl);
          },
        });
      },
    });

  const askReturn = () => setReturnOpen(true);

  const sendReturn = (reason: string) => {
    if (returning.isPending) return;
    returning.mutate(reason, {
      onSuccess: () => {
        toast().success(CHECK_MESSAGES.returned);
        setReturnOpen(false);
        allowNavigation();
        navigate(listUrl);
      },
    });
  };

  // v: Validasi & berikutnya with the stored signature, after the one Kirim confirmation
  useValidationKeys({
    storedSign,
    disabled: readOnly || sent || validate.isPending || goingNext,
    onValidateNext: () => {
      if (afterComplete()) submit(true);
    },
    onHelp: () => setHelp(true),
  });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 8,
        }}
      >
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Form Pengecekan
        </Typography.Title>
        <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <PrintPdfButton
            endpoint={API.printTireCheck}
            id={detail.id}
            filename={pdfFilename('pengecekan', detail.Unit.plate_number || detail.plate_number, detail.date)}
          />
          <KeyboardHelpButton onClick={() => setHelp(true)} />
          <LinkButton to={listUrl} type="link" style={{ paddingInline: 0 }}>
            Kembali ke daftar
          </LinkButton>
        </div>
      </div>

      <StageAlert
        noun="Pengecekan ini"
        stage={detail.stage}
        validatorName={detail.validator?.name}
        returnReason={detail.return_reason}
      />

      <FieldWarningsAlert warnings={detail.field_warnings} />

      <ReturnHistory returns={detail.returns} />

      <CheckHeader detail={detail} />

      <Legend />

      {sorted.length === 0 ? (
        <Empty description="Tidak ada data" />
      ) : (
        <Row gutter={[16, 16]}>
          {sorted.map((r) => {
            const mounted = serials ? (serials.get(r.position.toUpperCase()) ?? undefined) : null;
            return (
              <Col key={r.id} xs={24} md={12} xl={8} xxl={6}>
                <TirePositionCard
                  record={r}
                  after={after[r.id]}
                  mountedSerial={mounted}
                  bkb={isBkb(r, serials)}
                  readOnly={readOnly}
                  onChange={(k, v) => setValue(r.id, k, v)}
                  onInfo={() => setInfo(r)}
                  onDetail={() => setPositionDetail(r)}
                />
              </Col>
            );
          })}
        </Row>
      )}

      {readOnly ? null : (
        <div
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 5,
            background: '#fff',
            border: '1px solid #e6e9f0',
            borderRadius: 10,
            padding: '10px 14px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            flexWrap: 'wrap',
            boxShadow: '0 -4px 14px rgba(15, 35, 80, 0.06)',
          }}
        >
          <Typography.Text strong style={{ color: '#ad6800' }}>
            {CHECK_HINT}
          </Typography.Text>
          <div style={{ display: 'flex', gap: 8, marginInlineStart: 'auto' }}>
            <Button danger icon={<RollbackOutlined />} onClick={askReturn} loading={returning.isPending}>
              Return
            </Button>
            <Button type="primary" icon={<CheckOutlined />} onClick={openConfirm}>
              Validasi
            </Button>
          </div>
        </div>
      )}

      <RecordInfoModal record={info} onClose={() => setInfo(null)} />
      <PositionDetailModal
        record={positionDetail}
        mountedSerial={
          positionDetail && serials
            ? serials.get(positionDetail.position.toUpperCase())
            : serials
              ? undefined
              : null
        }
        onClose={() => setPositionDetail(null)}
      />
      <ConfirmValidationModal
        open={confirmOpen}
        detail={detail}
        positions={records.length}
        edpSign={edpSign}
        hasStoredSign={Boolean(storedSign)}
        edpName={user?.name ?? ''}
        submitting={validate.isPending}
        onSign={() => setPadOpen(true)}
        onCancel={() => setConfirmOpen(false)}
        onSubmit={() => submit()}
        onSubmitNext={() => submit(true)}
      />
      <SignaturePadModal
        open={padOpen}
        width={SIGNATURE_PAD_CHECK.width}
        height={SIGNATURE_PAD_CHECK.height}
        title="Tanda Tangan EDP"
        onSubmit={(path) => {
          setDrawnSign(path);
          setPadOpen(false);
        }}
        onCancel={() => setPadOpen(false)}
      />
      <ReturnReasonModal
        open={returnOpen}
        title="Yakin?"
        description="Pengecekan ini akan kembali ke List Tireman!"
        loading={returning.isPending}
        onConfirm={sendReturn}
        onCancel={() => {
          setReturnOpen(false);
          toast().info(NOT_SAVED);
        }}
      />
      <LoadingDialog open={validate.isPending || returning.isPending} text="Mengirim data ..." />
      <LoadingDialog open={goingNext} text="Membuka pengecekan berikutnya ..." />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} shortcuts={VALIDATION_SHORTCUTS} />
    </div>
  );
}

const COLOR_WORDS = { neutral: 'tanpa warna', green: 'hijau', red: 'merah' } as const;

/** Colour legend of the After fields (spec section 5). */
function Legend() {
  return (
    <div
      aria-label="Keterangan warna After"
      role="note"
      style={{ display: 'flex', gap: 14, flexWrap: 'wrap', fontSize: 13, color: 'rgba(0,0,0,0.65)' }}
    >
      <span>After dibanding Before:</span>
      {AFTER_VS_BEFORE.map((o) => (
        <span key={o} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span
            aria-hidden
            style={{ width: 14, height: 14, borderRadius: 4, border: '1px solid', ...TONE_STYLE[o] }}
          />
          {AFTER_VS_BEFORE_LABEL[o]} ({COLOR_WORDS[AFTER_VS_BEFORE_COLOR[o]]})
        </span>
      ))}
    </div>
  );
}
