import { CheckCircleOutlined, RollbackOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { Position } from '@itms/contracts/enums';
import { APPROVED_STAGES, type LifecycleAction } from '@itms/contracts/rules/lifecycle';
import { pdfFilename } from '@itms/contracts/rules/pdf-filename';
import { REPLACEMENT_MESSAGES, type TReplacementDetail } from '@itms/contracts/tire-replacements';
import { App, Badge, Button, Card, Result, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FieldWarningsAlert } from '../../components/field-warnings-alert';
import { KeyboardHelp, KeyboardHelpButton, VALIDATION_SHORTCUTS } from '../../components/keyboard-help';
import { LinkButton } from '../../components/link-button';
import { LoadingDialog } from '../../components/loading-dialog';
import { PrintPdfButton } from '../../components/print-pdf-button';
import { queueSearchOf } from '../../components/queue-filter-bar';
import { ReturnHistory } from '../../components/return-history';
import { ReturnReasonModal } from '../../components/return-reason-modal';
import { StageAlert } from '../../components/stage-alert';
import { DIAGRAM_LABELS, VehicleDiagram, type WheelTone } from '../../components/vehicle-diagram';
import { isApiError } from '../../lib/api-client';
import { errorText, sendValidation } from '../../lib/feedback';
import { stepsFor } from '../../lib/lifecycle';
import { useQueueNext } from '../../lib/queue-next';
import { getStoredUser } from '../../lib/storage';
import { NOT_SAVED } from '../../lib/use-close-guard';
import { useEndpoint } from '../../lib/use-endpoint';
import { useValidationKeys } from '../../lib/use-list-keys';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard';
import { useReturnReplacement } from './api/return-replacement';
import { useValidateReplacement } from './api/validate-replacement';
import { CompareModal } from './components/compare-modal';
import { PositionCard } from './components/position-card';
import { RecordSwapModal } from './components/record-swap-modal';
import { ReplacementHeader } from './components/replacement-header';
import { TireDetailModal } from './components/tire-detail-modal';
import { signatureOf, ValidateModal } from './components/validate-modal';
import { type PositionSlot, positionSlots } from './lib/position-slots';

export const RETURN_CONFIRM = 'Yakin? Pergantian ini akan kembali ke List Ganti Tireman!';
const LIST_PATH = '/validasi-pergantian';

function Heading({ children, extra }: { children: ReactNode; extra?: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 12,
        justifyContent: 'space-between',
      }}
    >
      <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}

/** /pergantian without a chosen replacement: where to choose one. */
function NoneChosen() {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Heading>Form Pergantian</Heading>
      <Card>
        <Result
          icon={<UnorderedListOutlined style={{ color: '#1554c0' }} />}
          title="Belum ada pergantian yang dipilih"
          subTitle="Pilih pergantian ban yang akan divalidasi dari daftar Validasi Pergantian."
          extra={
            <LinkButton type="primary" to={LIST_PATH}>
              Pilih Pergantian
            </LinkButton>
          }
        />
      </Card>
    </div>
  );
}

/** The replacement could not be loaded: not found (404, malformed id) or another failure. */
function LoadFailed({ id, error, onRetry }: { id: string | number; error: unknown; onRetry?: () => void }) {
  const missing = !onRetry || (isApiError(error) && (error.status === 404 || error.status === 400));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Heading>Form Pergantian</Heading>
      <Card>
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? 'Pergantian tidak ditemukan' : 'Oops...'}
          subTitle={missing ? `Pergantian dengan id ${id} tidak ada atau sudah dihapus.` : errorText(error)}
          extra={
            <>
              {!missing && onRetry ? <Button onClick={onRetry}>Coba lagi</Button> : null}
              <LinkButton type="primary" to={LIST_PATH}>
                Ke Validasi Pergantian
              </LinkButton>
            </>
          }
        />
      </Card>
    </div>
  );
}

type Dialog =
  | { kind: 'before' | 'after' | 'compare'; slot: PositionSlot }
  | { kind: 'swap'; slot: PositionSlot }
  | null;

function Legend() {
  const item = (color: string, text: string) => (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span style={{ width: 12, height: 12, borderRadius: 3, background: color }} aria-hidden="true" />
      {text}
    </span>
  );
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, fontSize: 12, color: 'rgba(0,0,0,0.6)' }}>
      {item('#f08c00', 'Pergantian')}
      {item('#3a4150', 'Ada rekam (cek / lepas)')}
      {item('#c3c9d3', 'Tidak ada rekam')}
    </div>
  );
}

function statusOf(d: TReplacementDetail) {
  if (APPROVED_STAGES.includes(d.stage)) return { text: 'Tervalidasi', color: 'green' as const };
  if (d.stage === 'returned') return { text: 'Dikembalikan', color: 'red' as const };
  return { text: 'Menunggu validasi', color: 'blue' as const };
}

function ReplacementForm({ id }: { id: number }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  // the queue's search and filters the replacement was opened from: the list and the next item keep them
  const [params] = useSearchParams();
  const queueSearch = queueSearchOf(params);
  const listUrl = `${LIST_PATH}${queueSearch}`;
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // the page shows "not found" itself
  const detail = useEndpoint(
    API.getReplacement,
    { params: { id } },
    { meta: { silent: true }, staleTime: 0 },
  );
  const d = detail.data;
  // the tires mounted on the unit now (for positions without a record)
  const unitId = d?.status === 'pending' ? d.unit_id : undefined;
  const unitTires = useEndpoint(
    API.listActiveTires,
    { query: { unit_id: unitId, status: 'INSTALLED', pageSize: 20 } },
    // the diagram works without it: no error dialog
    { enabled: Boolean(unitId), meta: { silent: true } },
  );
  const giveBack = useReturnReplacement(id);
  const validate = useValidateReplacement(id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [validateOpen, setValidateOpen] = useState(false);
  const [returnOpen, setReturnOpen] = useState(false);
  const [help, setHelp] = useState(false);
  // validated: the form stays on screen while the next replacement loads, and must not send again
  const [sent, setSent] = useState(false);
  const user = getStoredUser();
  const storedSign = signatureOf(user?.signature);

  const slots = useMemo(
    () => positionSlots(d?.Tire_Replace_Records ?? [], unitTires.data?.data ?? []),
    [d, unitTires.data],
  );
  // validation, Return and the records' edits as the transition table lets this user take them now
  const steps = d ? stepsFor('tire-replacement', d.stage, d.Tire_Man.id) : new Set<LifecycleAction>();
  const editable = steps.has('validate');
  // an open form (validation with its signature, the Return's reason, a record's tire being
  // changed) asks before the page is left; the dialogs that only show data do not
  const formOpen =
    validateOpen ||
    returnOpen ||
    dialog?.kind === 'swap' ||
    (editable && (dialog?.kind === 'before' || dialog?.kind === 'after'));
  const { allowNavigation } = useUnsavedChangesGuard(formOpen);

  // 'Validasi & berikutnya': the first replacement of the same filtered queue (this one has just left it)
  const { going: goingNext, openNext } = useQueueNext({
    endpoint: API.listReplacementQueue,
    fixed: { status: 'edp' },
    open: (next) => navigate(`/pergantian/${next}${queueSearch}`),
    leave: () => navigate(listUrl),
  });

  /**
   * SUBMIT: validates with the signature (asked once, see sendValidation); then the list, or with
   * `next` the next replacement of the queue.
   */
  const send = (signature: string, next: boolean, drawn: boolean) =>
    sendValidation({
      drawn,
      send: () => {
        if (validate.isPending) return;
        validate.mutate(
          { edp_sign: signature },
          {
            onSuccess: (res) => {
              setSent(true);
              message.success(res.message || REPLACEMENT_MESSAGES.validated);
              setValidateOpen(false);
              allowNavigation();
              if (next) void openNext();
              else navigate(listUrl);
            },
          },
        );
      },
    });

  // v: Validasi & berikutnya with the stored signature, after the one Kirim confirmation
  useValidationKeys({
    storedSign,
    disabled: !editable || sent || validate.isPending || goingNext,
    onValidateNext: () => {
      if (storedSign) send(storedSign, true, false);
    },
    onHelp: () => setHelp(true),
  });

  if (detail.isPending) {
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Heading>Form Pergantian</Heading>
        <Card>
          <div
            style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, padding: 48 }}
          >
            <Spin size="large" />
            <span style={{ color: 'rgba(0,0,0,0.6)' }}>Mengambil Data ...</span>
          </div>
        </Card>
      </div>
    );
  }
  if (detail.isError || !d) {
    return <LoadFailed id={id} error={detail.error} onRetry={() => detail.refetch()} />;
  }

  const status = statusOf(d);
  const tone = (p: Position): WheelTone => {
    const s = slots.get(p);
    if (s?.replaced) return 'accent';
    return s && s.records.length > 0 ? 'normal' : 'muted';
  };

  const confirmReturn = () => setReturnOpen(true);
  const sendReturn = (reason: string) => {
    if (giveBack.isPending) return;
    giveBack.mutate(reason, {
      onSuccess: (res) => {
        message.success(res.message || REPLACEMENT_MESSAGES.returned);
        setReturnOpen(false);
        allowNavigation();
        navigate(listUrl);
      },
    });
  };

  const actions = (
    <div style={{ display: 'flex', gap: 8, width: isDesktop ? undefined : '100%' }}>
      <Button
        danger
        icon={<RollbackOutlined />}
        onClick={confirmReturn}
        disabled={!editable}
        loading={giveBack.isPending}
        style={isDesktop ? undefined : { flex: 1 }}
      >
        Return
      </Button>
      <Button
        type="primary"
        icon={<CheckCircleOutlined />}
        onClick={() => setValidateOpen(true)}
        disabled={!editable}
        style={isDesktop ? undefined : { flex: 1 }}
      >
        Validasi
      </Button>
    </div>
  );

  const swapRecord = dialog?.kind === 'swap' ? dialog.slot.after : null;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, paddingBottom: isDesktop ? 0 : 64 }}>
      <Heading
        extra={
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <span style={{ color: 'rgba(0,0,0,0.55)' }}>
              #{d.id} · {d.Unit.plate_number}
            </span>
            <PrintPdfButton
              endpoint={API.printReplacement}
              id={d.id}
              filename={pdfFilename('pergantian', d.Unit.plate_number, d.date)}
            />
            <KeyboardHelpButton onClick={() => setHelp(true)} />
            {isDesktop ? actions : null}
          </div>
        }
      >
        Form Pergantian
      </Heading>

      <StageAlert
        noun="Pergantian ini"
        stage={d.stage}
        validatorName={d.Validator?.name}
        validatedAt={d.validated_at}
        returnReason={d.return_reason}
      />

      <FieldWarningsAlert warnings={d.field_warnings} />

      <ReturnHistory returns={d.returns} />

      <Card styles={{ body: { padding: isDesktop ? 24 : 16 } }}>
        <ReplacementHeader detail={d} compact={!isDesktop} />
      </Card>

      <Badge.Ribbon text={status.text} color={status.color}>
        <Card
          title={
            <span style={{ display: 'inline-block', paddingInlineEnd: 84, whiteSpace: 'normal' }}>
              Diagram Ban · {DIAGRAM_LABELS[d.diagram]}{' '}
              <Tag style={{ marginInlineStart: 4, fontWeight: 400 }}>{d.Unit.unit_type}</Tag>
            </span>
          }
          styles={{ body: { paddingTop: 12, paddingInline: isDesktop ? 24 : 12 } }}
        >
          <div style={{ marginBottom: 14 }}>
            <Legend />
          </div>
          <VehicleDiagram
            kind={d.diagram}
            wheelTone={tone}
            renderPosition={(p, { stacked }) => (
              <PositionCard
                position={p}
                stacked={stacked}
                slot={slots.get(p)}
                editable={editable}
                onDetail={(slot) => setDialog({ kind: 'compare', slot })}
                onBefore={(slot) => setDialog({ kind: 'before', slot })}
                onAfter={(slot) => setDialog({ kind: 'after', slot })}
                onSwap={(slot) => setDialog({ kind: 'swap', slot })}
              />
            )}
          />
        </Card>
      </Badge.Ribbon>

      {isDesktop ? null : (
        <div
          style={{
            position: 'fixed',
            insetInline: 0,
            bottom: 0,
            padding: '10px 12px calc(10px + env(safe-area-inset-bottom))',
            background: 'rgba(255,255,255,0.96)',
            borderTop: '1px solid #e6e9f0',
            zIndex: 20,
          }}
        >
          {actions}
        </div>
      )}

      <TireDetailModal
        open={dialog?.kind === 'before' || dialog?.kind === 'after'}
        side={dialog?.kind === 'after' ? 'after' : 'before'}
        slot={dialog && dialog.kind !== 'swap' && dialog.kind !== 'compare' ? dialog.slot : null}
        editable={editable}
        onClose={() => setDialog(null)}
        onSwap={(slot) => setDialog({ kind: 'swap', slot })}
      />
      <RecordSwapModal
        open={dialog?.kind === 'swap'}
        record={swapRecord ?? null}
        onClose={() => setDialog(null)}
      />
      <CompareModal
        open={dialog?.kind === 'compare'}
        slot={dialog?.kind === 'compare' ? dialog.slot : null}
        detail={d}
        onClose={() => setDialog(null)}
      />
      <ReturnReasonModal
        open={returnOpen}
        title={RETURN_CONFIRM}
        loading={giveBack.isPending}
        onConfirm={sendReturn}
        onCancel={() => {
          setReturnOpen(false);
          message.info(NOT_SAVED);
        }}
      />
      {user ? (
        <ValidateModal
          open={validateOpen}
          detail={d}
          user={user}
          submitting={validate.isPending}
          onClose={() => setValidateOpen(false)}
          onSubmit={send}
        />
      ) : null}
      <LoadingDialog open={validate.isPending && !validateOpen} text="Mengirim data ..." />
      <LoadingDialog open={goingNext} text="Membuka pergantian berikutnya ..." />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} shortcuts={VALIDATION_SHORTCUTS} />
    </div>
  );
}

/** /pergantian and /pergantian/:id: the Form Pergantian of the chosen replacement. */
export default function ReplacementFormPage() {
  const { id } = useParams();
  if (!id) return <NoneChosen />;
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <LoadFailed id={id} error={null} />;
  return <ReplacementForm key={id} id={n} />;
}
