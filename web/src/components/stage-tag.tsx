import { STAGE_LABELS, type Stage } from '@itms/contracts/rules/lifecycle';
import { Tag } from 'antd';

const COLORS: Record<Stage, string> = {
  sent: 'processing',
  returned: 'error',
  resubmitted: 'purple',
  validated: 'success',
  workshop_signed: 'green',
};

/** Where a check, replacement or BKB is in its life (Terkirim ... Ditandatangani Workshop). */
export function StageTag({ stage }: { stage: Stage }) {
  return (
    <Tag color={COLORS[stage]} style={{ marginInlineEnd: 0 }} data-stage={stage}>
      {STAGE_LABELS[stage]}
    </Tag>
  );
}
