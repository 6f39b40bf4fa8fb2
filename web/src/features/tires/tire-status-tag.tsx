import type { TireStatus } from '@itms/contracts/enums';
import { Tag } from 'antd';

const COLORS: Record<TireStatus, string> = {
  INSTALLED: 'green',
  UNINSTALLED: 'blue',
  SCRAP: 'red',
  SPARE: 'gold',
};

/** A tire status as a coloured tag. */
export function TireStatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status as TireStatus] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
