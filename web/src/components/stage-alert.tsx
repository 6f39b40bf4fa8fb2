import { APPROVED_STAGES, type Stage } from '@itms/contracts/rules/lifecycle';
import { Alert } from 'antd';
import { formatDayDate } from '../lib/dayjs';

interface StageAlertProps {
  /** 'Pengecekan ini', 'Pergantian ini'. */
  noun: string;
  stage: Stage;
  validatorName?: string | null;
  validatedAt?: string | null;
  /** The office's reason for the last Return. */
  returnReason: string | null;
}

/** Where a document is, above its validation form: validated, returned, or sent again after a Return. */
export function StageAlert({ noun, stage, validatorName, validatedAt, returnReason }: StageAlertProps) {
  if (APPROVED_STAGES.includes(stage)) {
    const by = validatorName ? ` oleh ${validatorName}` : '';
    const at = validatedAt ? ` pada ${formatDayDate(validatedAt)}` : '';
    return <Alert type="success" showIcon title={`${noun} sudah divalidasi${by}${at}.`} />;
  }
  if (stage === 'returned') {
    return (
      <Alert
        type="warning"
        showIcon
        title={`${noun} sudah dikembalikan ke tire man.`}
        description={returnReason ? `Alasan: ${returnReason}` : undefined}
      />
    );
  }
  if (stage === 'resubmitted') {
    return (
      <Alert
        type="info"
        showIcon
        title={`${noun} pernah dikembalikan ke tire man dan sudah dikirim ulang.`}
        description={returnReason ? `Alasan pengembalian: ${returnReason}` : undefined}
      />
    );
  }
  return null;
}
