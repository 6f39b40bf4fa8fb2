import { WORKSHOP_KIND_LABELS, type WorkshopKind } from '@itms/contracts/workshop';
import { Tag } from 'antd';

/** Pengecekan or Pergantian. */
export function KindTag({ kind }: { kind: WorkshopKind }) {
  return (
    <Tag color={kind === 'tire-check' ? 'blue' : 'purple'} style={{ marginInlineEnd: 0 }}>
      {WORKSHOP_KIND_LABELS[kind]}
    </Tag>
  );
}
