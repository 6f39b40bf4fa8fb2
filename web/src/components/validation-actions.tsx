import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

export interface ValidationActionsProps {
  /** There is an EDP signature to send (drawn now or stored). */
  signed: boolean;
  /** The account's stored signature is used: SETUJUI (drawing one) is not needed. */
  hasStoredSign: boolean;
  submitting: boolean;
  onSign: () => void;
  onCancel: () => void;
  /** SUBMIT: validates, then back to the list. */
  onSubmit: () => void;
  /** Validates, then the next item of the same filtered queue. */
  onSubmitNext: () => void;
  /** The id of the hint that says a signature is missing, while it is. */
  hintId?: string;
  /** More buttons between SETUJUI and BATAL (Cetak). */
  extra?: ReactNode;
}

/** The buttons of a validation (check, replacement, BKB): SETUJUI, BATAL, SUBMIT, Validasi & berikutnya. */
export function ValidationActions({
  signed,
  hasStoredSign,
  submitting,
  onSign,
  onCancel,
  onSubmit,
  onSubmitNext,
  hintId,
  extra,
}: ValidationActionsProps) {
  const describedBy = signed ? undefined : hintId;
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      <Button
        icon={<EditOutlined />}
        onClick={onSign}
        disabled={hasStoredSign || submitting}
        title={hasStoredSign ? 'Tanda tangan tersimpan Anda dipakai' : undefined}
      >
        SETUJUI
      </Button>
      {extra}
      <Button onClick={onCancel} disabled={submitting}>
        BATAL
      </Button>
      <Button onClick={onSubmit} disabled={!signed} loading={submitting} aria-describedby={describedBy}>
        SUBMIT
      </Button>
      <Button
        type="primary"
        onClick={onSubmitNext}
        disabled={!signed}
        loading={submitting}
        aria-describedby={describedBy}
      >
        Validasi &amp; berikutnya
      </Button>
    </div>
  );
}
