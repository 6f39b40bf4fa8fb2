import { Input, Modal, Typography } from 'antd';
import { type ReactNode, useId, useState } from 'react';

/** Longest reason the server accepts (contracts ZReturnReason). */
export const RETURN_REASON_MAX = 500;

export interface ReturnReasonModalProps {
  open: boolean;
  title: string;
  /** What the Return does, shown above the reason. */
  description?: ReactNode;
  /** The Return is being sent. */
  loading?: boolean;
  /** Called with the trimmed reason; never with an empty one. */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * The office's Return confirmation (checks and replacements): the tire man gets the item back
 * with the reason, so 'Kembalikan' stays disabled until an Alasan is written.
 */
export function ReturnReasonModal({
  open,
  title,
  description,
  loading,
  onConfirm,
  onCancel,
}: ReturnReasonModalProps) {
  const [reason, setReason] = useState('');
  const id = useId();
  const trimmed = reason.trim();
  return (
    <Modal
      open={open}
      title={title}
      okText="Kembalikan"
      cancelText="Batal"
      okButtonProps={{ danger: true, disabled: !trimmed }}
      confirmLoading={loading}
      onOk={() => {
        if (trimmed) onConfirm(trimmed);
      }}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      {description ? <Typography.Paragraph>{description}</Typography.Paragraph> : null}
      <label htmlFor={id} style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
        Alasan <span style={{ color: '#cf1322' }}>*</span>
      </label>
      <Input.TextArea
        id={id}
        aria-label="Alasan"
        aria-required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={RETURN_REASON_MAX}
        showCount
        rows={4}
        placeholder="Tulis alasan pengembalian untuk tire man"
      />
    </Modal>
  );
}
