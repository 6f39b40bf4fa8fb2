import {
  ALERT_KINDS,
  ALERT_LABELS,
  type AlertKind,
  type TAlertSummary,
} from '@itms/contracts/tire-intelligence';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { ALERT_COLORS, AlertValue } from '../../components/alert-count';

/** The alert counts; each card filters the list to its kind (a second click clears it). */
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
        const toggle = () => onSelect(selected ? undefined : kind);
        return (
          <Col key={kind} xs={12} md={8} xl={4}>
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
                {summary === undefined ? (
                  <Skeleton.Button active size="small" style={{ width: 48 }} />
                ) : (
                  <AlertValue summary={summary} kind={kind} />
                )}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
