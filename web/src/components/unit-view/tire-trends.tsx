import type { TUnitPageTire, TUnitTrend } from '@itms/contracts/unit-page';
import { Card, Empty, Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { LineChart } from '../line-chart';
import { positionLabel } from '../vehicle-diagram';

/**
 * A unit's readings per position (the office's unit page and the customer portal's): the lowest
 * tread against the pull point and the pressure against its size's reference, one position at a
 * time.
 */
export function TireTrends({
  trends,
  tires,
  pull,
}: {
  trends: readonly TUnitTrend[];
  /** The mounted tires (a position's reference pressure). */
  tires: readonly TUnitPageTire[];
  /** Tread at or below which a tire is pulled (mm). */
  pull: number;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const wide = useMediaQuery(DESKTOP_QUERY);
  if (trends.length === 0) {
    return (
      <Card title="Tren per Posisi">
        <Empty description="Belum ada pengecekan tervalidasi" />
      </Card>
    );
  }
  const trend = trends.find((t) => t.position === picked) ?? trends[0]!;
  const tire = tires.find((t) => t.position === trend.position);
  return (
    <Card title="Tren per Posisi">
      <Segmented
        aria-label="Posisi"
        options={trends.map((t) => ({ value: t.position, label: t.position }))}
        value={trend.position}
        onChange={(v) => setPicked(String(v))}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
      />
      <Flex gap={16} vertical={!wide}>
        <TrendChart trend={trend} wide={wide} kind="rtd" rule={{ y: pull, label: 'Batas cabut' }} />
        <TrendChart
          trend={trend}
          wide={wide}
          kind="psi"
          rule={tire?.reference_psi != null ? { y: tire.reference_psi, label: 'Standar' } : undefined}
        />
      </Flex>
    </Card>
  );
}

function TrendChart({
  trend,
  kind,
  rule,
  wide,
}: {
  trend: TUnitTrend;
  kind: 'rtd' | 'psi';
  rule?: { y: number; label: string };
  wide: boolean;
}) {
  const unit = kind === 'rtd' ? 'mm' : 'PSI';
  const readings = trend.readings
    .map((r) => ({ ...r, t: Date.parse(r.performed_at), v: kind === 'rtd' ? r.groove_lowest : r.pressure }))
    .filter((r): r is typeof r & { v: number } => r.v != null);
  const title = kind === 'rtd' ? 'RTD terendah' : 'Tekanan';
  if (readings.length === 0) {
    return (
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Empty description="Belum ada bacaan" />
      </div>
    );
  }
  const first = readings[0]!.t;
  const last = readings[readings.length - 1]!.t;
  const margin = Math.max(3600_000, (last - first) * 0.05);
  const values = [...readings.map((r) => r.v), ...(rule ? [rule.y] : [])];
  const top = Math.max(...values) * 1.1 + 1;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text strong>
        {title} · {positionLabel(trend.position)}
      </Typography.Text>
      <LineChart
        label={`${title} posisi ${trend.position}: ${readings.length} pembacaan terakhir`}
        // a narrower drawing on phones keeps the labels at their real size
        width={wide ? 460 : 340}
        height={wide ? 200 : 190}
        maxWidth={560}
        x={{
          min: first - margin,
          max: last + margin,
          unit: '',
          ticks: readings.length > 1 ? [first, (first + last) / 2, last] : [first],
          format: formatDate,
        }}
        y={{ min: 0, max: top, unit }}
        color={kind === 'rtd' ? '#1f5fbf' : '#7b2cbf'}
        rules={
          rule
            ? [
                {
                  y: rule.y,
                  label: `${rule.label} ${formatNumber(rule.y)} ${unit}`,
                  color: '#cf1322',
                },
              ]
            : []
        }
        points={readings.map((r) => ({
          x: r.t,
          y: r.v,
          title: `${formatDate(r.performed_at)}: ${formatNumber(r.v)} ${unit} (${r.serial_number})`,
        }))}
      />
    </div>
  );
}
