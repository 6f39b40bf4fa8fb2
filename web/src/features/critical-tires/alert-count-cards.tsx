import {
  ALERT_KINDS,
  ALERT_LABELS,
  type AlertKind,
  type TAlertSummary,
} from '@itms/contracts/tire-intelligence';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { KeyboardEvent } from 'react';

export const ALERT_COLORS: Record<AlertKind, string> = {
  'below-pull': '#cf1322',
  'due-soon': '#d46b08',
  pressure: '#1f5fbf',
  'rtd-rise': '#7846c2',
};

/**
 * A count with its unit, "1.204 ban": the card's accessible name is its visible text (label, count
 * and unit), so a speech user who says what they see reaches it.
 */
export function AlertCount({ value }: { value: number }) {
  return (
    <>
      {value.toLocaleString('id-ID')}
      {/* neutral grey: the kind's colour at this size would miss the 4.5:1 contrast */}
      <span style={{ fontSize: '0.55em', fontWeight: 400, color: '#595959' }}> ban</span>
    </>
  );
}

/** The four alert counts; each card filters the list to its kind (a second click clears it). */
export function AlertCountCards({
  summary,
  active,
  onSelect,
}: {
  summary: TAlertSummary | undefined;
  active: AlertKind | undefined;
  onSelect: (kind: AlertKind | undefined) => void;
}) {
  return (
    <Row gutter={[12, 12]}>
      {ALERT_KINDS.map((kind) => {
        const selected = active === kind;
        const value = summary?.counts[kind];
        const toggle = () => onSelect(selected ? undefined : kind);
        return (
          <Col key={kind} xs={12} xl={6}>
            <Card
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              hoverable
              onClick={toggle}
              onKeyDown={(e: KeyboardEvent) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  toggle();
                }
              }}
              variant="borderless"
              style={{
                height: '100%',
                borderTop: `3px solid ${ALERT_COLORS[kind]}`,
                outline: selected ? `2px solid ${ALERT_COLORS[kind]}` : undefined,
                background: selected ? `${ALERT_COLORS[kind]}0d` : undefined,
                cursor: 'pointer',
              }}
              styles={{ body: { padding: '12px 14px' } }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block', minHeight: 36 }}>
                {ALERT_LABELS[kind]}
              </Typography.Text>
              <div
                style={{
                  fontSize: 26,
                  fontWeight: 600,
                  lineHeight: 1.25,
                  color: ALERT_COLORS[kind],
                  fontVariantNumeric: 'tabular-nums',
                }}
              >
                {value === undefined ? (
                  <Skeleton.Button active size="small" style={{ width: 48 }} />
                ) : (
                  <AlertCount value={value} />
                )}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
