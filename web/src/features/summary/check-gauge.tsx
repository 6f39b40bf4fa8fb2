import { Progress, theme } from 'antd';
import { formatPercent } from '../../lib/number-format';

export interface CheckGaugeProps {
  /** total / expected x 100 (null without an expectation). */
  percentage: number | null;
  /** approved / expected x 100: the inner ring. */
  approvedPercentage: number | null;
  size?: number;
}

/**
 * The Summary gauge: the outer dashboard ring is the check percentage, the inner ring the approved
 * share; the number in the middle is the percentage (it may pass 100 when more checks came in than
 * expected; the rings stop at full).
 */
export function CheckGauge({ percentage, approvedPercentage, size = 176 }: CheckGaugeProps) {
  const { token } = theme.useToken();
  const inner = Math.round(size * 0.7);
  const offset = (size - inner) / 2;
  const clamp = (n: number | null) => Math.max(0, Math.min(100, n ?? 0));
  return (
    <div
      role="img"
      aria-label={`Presentase ${formatPercent(percentage)}, approved ${formatPercent(approvedPercentage)}`}
      style={{ position: 'relative', width: size, height: size, flex: 'none' }}
    >
      <Progress
        type="dashboard"
        percent={clamp(percentage)}
        size={size}
        strokeColor={token.colorPrimary}
        strokeWidth={7}
        format={() => null}
      />
      <div style={{ position: 'absolute', top: offset, left: offset }}>
        <Progress
          type="circle"
          percent={clamp(approvedPercentage)}
          size={inner}
          strokeColor={token.colorSuccess}
          strokeWidth={6}
          format={() => null}
        />
      </div>
      <div
        style={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'center',
          textAlign: 'center',
          pointerEvents: 'none',
        }}
      >
        <div>
          <div style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.1, fontVariantNumeric: 'tabular-nums' }}>
            {formatPercent(percentage)}
          </div>
          <div style={{ fontSize: 12, color: token.colorTextSecondary }}>Presentase</div>
        </div>
      </div>
    </div>
  );
}
