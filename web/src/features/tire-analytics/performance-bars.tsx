import type { TPerformanceRow } from '@itms/contracts/tire-intelligence';
import { Empty, Flex, Typography } from 'antd';
import { formatNumber } from '../../lib/number-format';

/**
 * Horizontal bars of km per mm of tread by group (higher is better), longest first. Plain divs:
 * readable at phone width and no chart library in the bundle.
 */
export function PerformanceBars({ rows, label }: { rows: readonly TPerformanceRow[]; label: string }) {
  const ranked = rows
    .filter((r): r is TPerformanceRow & { km_per_mm: number } => r.km_per_mm !== null)
    .sort((a, b) => b.km_per_mm - a.km_per_mm);
  if (ranked.length === 0) return <Empty description="Belum ada ban yang aus untuk dibandingkan" />;
  const max = ranked[0].km_per_mm || 1;
  return (
    <ul
      aria-label={`Km per mm per ${label}`}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
    >
      {ranked.map((r, i) => (
        <li
          key={r.key}
          aria-label={`${r.key}: ${formatNumber(r.km_per_mm)} km/mm`}
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(84px, min(30%, 180px)) 1fr',
            gap: 8,
            alignItems: 'center',
          }}
        >
          <Typography.Text ellipsis={{ tooltip: r.key }} style={{ fontSize: 13 }}>
            {r.key || '(kosong)'}
          </Typography.Text>
          <Flex align="center" gap={6} style={{ minWidth: 0 }}>
            <div
              aria-hidden
              style={{
                height: 18,
                width: `${Math.max(2, (r.km_per_mm / max) * 100)}%`,
                maxWidth: 'calc(100% - 64px)',
                background: i === 0 ? '#389e0d' : '#1f5fbf',
                borderRadius: 3,
                flex: 'none',
              }}
            />
            <Typography.Text
              style={{ fontSize: 12, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
            >
              {formatNumber(Math.round(r.km_per_mm))}
            </Typography.Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
}
