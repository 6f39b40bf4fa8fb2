import { SIGNATURE_PAD_REPLACEMENT } from '@itms/contracts/constants';
import { UNSIGNED } from '@itms/contracts/enums';
import { picAbsentNote } from '@itms/contracts/pic-absent';
import { REPLACEMENT_MESSAGES, type TReplacementDetail } from '@itms/contracts/tire-replacements';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SignaturePadModal } from '../../../components/signature-pad-modal';
import { ValidationActions } from '../../../components/validation-actions';
import { formatDayDate, formatTime } from '../../../lib/dayjs';
import { hasFile, useFileUrl } from '../../../lib/file-urls';
import { dash, formatKm, formatTon } from '../../../lib/number-format';
import { useMediaQuery } from '../../../lib/use-media-query';

export const VALIDATE_TITLE = 'VALIDASI PEGANTIAN';

/** A stored signature path, or null for none ('-' or empty). */
export const signatureOf = (s: string | null | undefined) => {
  const v = s?.trim();
  return v && v !== UNSIGNED ? v : null;
};

function SignaturePanel({
  title,
  name,
  path,
  note,
}: {
  title: string;
  name: string;
  path: string | null;
  note?: string;
}) {
  const signed = hasFile(path);
  const src = useFileUrl(path);
  return (
    <fieldset
      aria-label={`Tanda tangan ${title}`}
      style={{
        border: '1px solid #e3e7ee',
        borderRadius: 10,
        padding: 10,
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        minWidth: 0,
        margin: 0,
        background: '#fff',
      }}
    >
      <div
        style={{
          fontSize: 12,
          fontWeight: 600,
          textTransform: 'uppercase',
          letterSpacing: 0.5,
          color: 'rgba(0,0,0,0.55)',
        }}
      >
        {title}
      </div>
      <div
        style={{
          height: 110,
          borderRadius: 8,
          background: signed ? '#fff' : '#f7f8fa',
          border: '1px dashed #d5dbe5',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
        }}
      >
        {src ? (
          <img
            src={src}
            alt={`Tanda tangan ${title}`}
            style={{ maxWidth: '100%', maxHeight: 104, objectFit: 'contain' }}
          />
        ) : signed ? null : (
          <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)' }}>Belum tanda tangan</span>
        )}
      </div>
      <div
        style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        title={name}
      >
        {name}
      </div>
      {note ? <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{note}</div> : null}
    </fieldset>
  );
}

export interface ValidateModalProps {
  open: boolean;
  detail: TReplacementDetail;
  /** The signed-in EDP user: name and stored signature ('-' = none). */
  user: { name: string; signature: string };
  submitting: boolean;
  onClose: () => void;
  /** SUBMIT (`next` false) or Validasi & berikutnya (`next` true) with the signature shown. */
  /** Sends the signature; `drawn`: it was drawn here now (not the account's stored one). */
  onSubmit: (signature: string, next: boolean, drawn: boolean) => void;
}

/**
 * VALIDASI PEGANTIAN: the replacement's facts and the four signatures. The EDP signs with the
 * account's stored signature, or draws one (SETUJUI); SUBMIT or Validasi & berikutnya sends it.
 */
export function ValidateModal({ open, detail, user, submitting, onClose, onSubmit }: ValidateModalProps) {
  const [padOpen, setPadOpen] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const twoColumns = useMediaQuery('(min-width: 720px)');
  const stored = signatureOf(user.signature);
  const signature = drawn ?? stored;

  useEffect(() => {
    if (!open) setDrawn(null);
  }, [open]);

  const submit = (next: boolean) => {
    if (signature) onSubmit(signature, next, drawn !== null);
  };

  return (
    <>
      <Modal
        open={open}
        title={<span style={{ letterSpacing: 0.5 }}>{VALIDATE_TITLE}</span>}
        onCancel={submitting ? undefined : onClose}
        closable={!submitting}
        mask={{ closable: false }}
        width={920}
        destroyOnHidden
        footer={
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 8,
              justifyContent: 'flex-end',
            }}
          >
            {!signature ? (
              <Typography.Text id="replacement-sign-hint" type="danger" style={{ marginInlineEnd: 'auto' }}>
                {REPLACEMENT_MESSAGES.signFirst}
              </Typography.Text>
            ) : stored ? (
              <Typography.Text type="secondary" style={{ marginInlineEnd: 'auto', fontSize: 13 }}>
                Tanda tangan tersimpan Anda dipakai sebagai tanda tangan EDP.
              </Typography.Text>
            ) : null}
            <ValidationActions
              signed={Boolean(signature)}
              hasStoredSign={Boolean(stored)}
              submitting={submitting}
              onSign={() => setPadOpen(true)}
              onCancel={onClose}
              onSubmit={() => submit(false)}
              onSubmitNext={() => submit(true)}
              hintId="replacement-sign-hint"
            />
          </div>
        }
      >
        <Spin spinning={submitting} description="Mengirim data ...">
          <Descriptions
            size="small"
            bordered
            column={twoColumns ? 2 : 1}
            styles={{ label: { width: 130 } }}
            items={[
              { key: 'location', label: 'Lokasi', children: detail.Location.name },
              { key: 'tireman', label: 'Tireman', children: detail.Tire_Man.name },
              { key: 'spk', label: 'SPK', children: dash(detail.spk) },
              { key: 'load', label: 'Muatan', children: formatTon(detail.Unit.tonnage) },
              { key: 'odometer', label: 'Odometer', children: formatKm(detail.odometer) },
              {
                key: 'project',
                label: 'Project',
                children: detail.Project?.name ?? detail.Unit.Project.name,
              },
              {
                key: 'date',
                label: 'Tanggal',
                // when the replacement was done (performed_at)
                children: `${formatDayDate(detail.performed_at)}, ${formatTime(detail.performed_at)}`,
              },
              { key: 'plate', label: 'No. Polisi', children: detail.Unit.plate_number },
            ]}
          />
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
              gap: 10,
              marginTop: 14,
            }}
          >
            <SignaturePanel
              title="Tire Man"
              name={detail.Tire_Man.name}
              path={signatureOf(detail.tireman_sign)}
            />
            <SignaturePanel
              title="PIC"
              name={dash(detail.Location.Region.pic)}
              path={signatureOf(detail.pic_sign)}
              note={picAbsentNote(detail.pic_absent_reason) ?? `PIC pool ${detail.Location.name}`}
            />
            <SignaturePanel
              title="EDP"
              name={user.name}
              path={signature}
              note={stored ? 'Tanda tangan tersimpan di akun Anda' : drawn ? 'Tanda tangan baru' : undefined}
            />
            <SignaturePanel title="Workshop" name="Workshop" path={signatureOf(detail.workshop_sign)} />
          </div>
        </Spin>
      </Modal>
      <SignaturePadModal
        open={padOpen}
        width={SIGNATURE_PAD_REPLACEMENT.width}
        height={SIGNATURE_PAD_REPLACEMENT.height}
        title="Tanda Tangan"
        onCancel={() => setPadOpen(false)}
        onSubmit={(path) => {
          setDrawn(path);
          setPadOpen(false);
        }}
      />
    </>
  );
}
