import { CheckCircleFilled } from '@ant-design/icons';
import { UNSIGNED } from '@itms/contracts/enums';
import { picAbsentNote } from '@itms/contracts/pic-absent';
import type { TTireCheckDetail } from '@itms/contracts/tire-checks';
import { Descriptions, Modal, Typography } from 'antd';
import { ValidationActions, type ValidationActionsProps } from '../../components/validation-actions';
import { formatDateTime } from '../../lib/dayjs';
import { hasFile, useFileUrl } from '../../lib/file-urls';
import { ReadingChanges } from './reading-changes';

export const NEED_SIGNATURE_HINT = 'harap tanda tangan terlebih dahulu';

interface SignaturePanelProps {
  title: string;
  path: string | null | undefined;
  name?: string;
  highlight?: boolean;
  /** Under the name: 'PIC tidak di tempat: <reason>' when the tire man recorded one. */
  note?: string;
}

/** One signatory: the signature image, or a placeholder while it is '-'. */
function SignaturePanel({ title, path, name, highlight, note }: SignaturePanelProps) {
  const signed = hasFile(path);
  const src = useFileUrl(path);
  return (
    <section
      aria-label={`Tanda tangan ${title}`}
      style={{
        border: `1px solid ${highlight ? '#91caff' : '#e6e9f0'}`,
        background: highlight ? '#f3f8ff' : '#fff',
        borderRadius: 8,
        padding: 10,
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        minWidth: 0,
      }}
    >
      <div style={{ fontWeight: 600, fontSize: 13, display: 'flex', alignItems: 'center', gap: 6 }}>
        {title}
        {signed ? <CheckCircleFilled style={{ color: '#52c41a' }} aria-hidden /> : null}
      </div>
      <div
        style={{
          height: 92,
          borderRadius: 6,
          background: signed ? '#fff' : '#f5f5f5',
          border: '1px dashed #d9d9d9',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {src ? (
          <img src={src} alt={`Tanda tangan ${title}`} style={{ maxWidth: '100%', maxHeight: 88 }} />
        ) : signed ? null : (
          <span
            role="img"
            aria-label={`Tanda tangan ${title}: belum ada`}
            style={{ color: '#8c8c8c', fontSize: 12 }}
          >
            Belum ditandatangani
          </span>
        )}
      </div>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', minHeight: 18, overflowWrap: 'anywhere' }}>
        {name && name !== UNSIGNED ? name : '-'}
      </div>
      {note ? <div style={{ fontSize: 12, color: '#ad6800', overflowWrap: 'anywhere' }}>{note}</div> : null}
    </section>
  );
}

export interface ConfirmValidationModalProps
  extends Omit<ValidationActionsProps, 'signed' | 'hintId' | 'extra'> {
  open: boolean;
  detail: TTireCheckDetail;
  positions: number;
  /** The EDP signature that will be sent (drawn now or stored), or null. */
  edpSign: string | null;
  edpName: string;
}

/**
 * The last look before validating: the check, each tire's change since its previous check, the four
 * signatures, SETUJUI / BATAL / SUBMIT.
 */
export function ConfirmValidationModal({
  open,
  detail,
  positions,
  edpSign,
  hasStoredSign,
  edpName,
  submitting,
  onSign,
  onCancel,
  onSubmit,
  onSubmitNext,
}: ConfirmValidationModalProps) {
  const signed = Boolean(edpSign && edpSign !== UNSIGNED);
  return (
    <Modal
      open={open}
      title="Konfirmasi Validasi Pengecekan"
      onCancel={onCancel}
      width={780}
      destroyOnHidden
      mask={{ closable: !submitting }}
      footer={
        <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 6 }}>
          <ValidationActions
            signed={signed}
            hasStoredSign={hasStoredSign}
            submitting={submitting}
            onSign={onSign}
            onCancel={onCancel}
            onSubmit={onSubmit}
            onSubmitNext={onSubmitNext}
            hintId="edp-sign-hint"
          />
          {signed ? null : (
            <Typography.Text id="edp-sign-hint" type="warning" style={{ fontSize: 13 }}>
              {NEED_SIGNATURE_HINT}
            </Typography.Text>
          )}
          {hasStoredSign ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Tanda tangan tersimpan Anda dipakai sebagai tanda tangan EDP.
            </Typography.Text>
          ) : null}
        </div>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'id', label: 'Id Check', children: detail.id },
          {
            key: 'when',
            label: 'Tanggal',
            // when the check was done (performed_at)
            children: formatDateTime(detail.performed_at),
          },
          { key: 'tm', label: 'Tire Man', children: detail.tireman_tire_check.name },
          { key: 'plate', label: 'No. Polisi', children: detail.Unit.plate_number || detail.plate_number },
          { key: 'loc', label: 'Lokasi', children: detail.Location.name },
          { key: 'project', label: 'Project', children: detail.Project?.name ?? detail.Unit.Project.name },
          { key: 'unit', label: 'Tipe Unit', children: detail.Unit.unit_type },
          { key: 'n', label: 'Jumlah Posisi', children: positions },
        ]}
      />
      <ReadingChanges records={detail.records} />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          gap: 10,
        }}
      >
        <SignaturePanel
          title="Tire Man"
          path={detail.tireman_sign !== UNSIGNED ? detail.tireman_sign : detail.tireman_tire_check.signature}
          name={detail.tireman_tire_check.name}
        />
        <SignaturePanel title="Driver" path={detail.driver_sign} name={detail.Driver?.name} />
        <SignaturePanel
          title="PIC"
          path={detail.pic_sign}
          name={detail.pic_name}
          note={picAbsentNote(detail.pic_absent_reason)}
        />
        <SignaturePanel title="EDP" path={edpSign} name={edpName} highlight />
      </div>
    </Modal>
  );
}
