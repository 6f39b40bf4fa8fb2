import { STAGE_LABELS, type Stage } from '@itms/contracts/rules/lifecycle';
import { Flex, Tag } from 'antd';
import type { ReactNode } from 'react';

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

/** A document's Pending/Approved tag (each screen keeps its own colours) with its stage beside it. */
export function WithStage({ stage, children }: { stage: Stage; children: ReactNode }) {
  return (
    <Flex gap={6} wrap>
      {children}
      <StageTag stage={stage} />
    </Flex>
  );
}
