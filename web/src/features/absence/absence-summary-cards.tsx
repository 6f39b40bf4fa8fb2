import type { TAbsenceSummary } from '@itms/contracts/reports';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { formatNumber, formatPercent } from '../../lib/number-format';

const CARDS: { key: keyof Omit<TAbsenceSummary, 'share' | 'fleetUnits'>; label: string; color: string }[] = [
  { key: 'once', label: 'Dicek 1 kali', color: '#cf1322' },
  { key: 'twice', label: 'Dicek 2 kali', color: '#d46b08' },
  { key: 'thrice', label: 'Dicek 3 kali', color: '#d4b106' },
  { key: 'fourPlus', label: 'Dicek 4 kali atau lebih', color: '#389e0d' },
  { key: 'totalChecks', label: 'Total Pengecekan', color: '#1f5fbf' },
  { key: 'distinctUnits', label: 'Unit Dicek', color: '#531dab' },
];

/**
 * Units checked exactly 1, 2, 3 and 4+ times, total checks and distinct units, each with its share
 * of the distinct units (spec section 9).
 */
export function AbsenceSummaryCards({ summary }: { summary: TAbsenceSummary | undefined }) {
  return (
    <Row gutter={[12, 12]}>
      {CARDS.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={4}>
          <Card
            role="group"
            aria-label={c.label}
            variant="borderless"
            style={{ height: '100%', borderTop: `3px solid ${c.color}` }}
            styles={{ body: { padding: '12px 14px' } }}
          >
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.label}
            </Typography.Text>
            {summary ? (
              <>
                <div
                  style={{
                    fontSize: 24,
                    fontWeight: 600,
                    color: c.color,
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {formatNumber(summary[c.key])}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {c.key === 'distinctUnits'
                    ? `dari ${formatNumber(summary.fleetUnits)} unit armada`
                    : c.key === 'totalChecks'
                      ? // the share of checks per distinct unit, read as an average
                        `rata-rata ${formatNumber(summary.share.totalChecks / 100)} per unit`
                      : `${formatPercent(summary.share[c.key])} dari unit dicek`}
                </Typography.Text>
              </>
            ) : (
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
