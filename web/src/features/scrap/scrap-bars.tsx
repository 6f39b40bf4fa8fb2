import { Flex, Typography } from 'antd';
import { formatNumber } from '../../lib/number-format';

export interface BarItem {
  label: string;
  total: number;
}

/** A small horizontal bar chart of counts (largest first), readable as a list. */
export function ScrapBars({
  items,
  color,
  onPick,
  active,
  label,
}: {
  items: BarItem[];
  color: string;
  /** Clicking a bar filters by it. */
  onPick?: (label: string) => void;
  active?: string;
  label: string;
}) {
  if (items.length === 0) return <Typography.Text type="secondary">Tidak ada data</Typography.Text>;
  const max = Math.max(...items.map((i) => i.total), 1);
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
      {items.map((i) => {
        const body = (
          <Flex vertical gap={2} style={{ width: '100%' }}>
            <Flex justify="space-between" gap={8}>
              <span style={{ fontWeight: active === i.label ? 600 : 400, textAlign: 'start' }}>
                {i.label}
              </span>
              <Typography.Text strong>{formatNumber(i.total)}</Typography.Text>
            </Flex>
            <div
              style={{ height: 8, background: '#f0f0f0', borderRadius: 4, overflow: 'hidden' }}
              aria-hidden
            >
              <div
                style={{
                  width: `${(i.total / max) * 100}%`,
                  height: '100%',
                  background: color,
                  borderRadius: 4,
                }}
              />
            </div>
          </Flex>
        );
        return (
          <li key={i.label}>
            {onPick ? (
              <button
                type="button"
                onClick={() => onPick(i.label)}
                aria-pressed={active === i.label}
                title={`Filter ${i.label}`}
                style={{
                  all: 'unset',
                  cursor: 'pointer',
                  display: 'block',
                  width: '100%',
                  borderRadius: 4,
                  outlineOffset: 2,
                }}
              >
                {body}
              </button>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}
