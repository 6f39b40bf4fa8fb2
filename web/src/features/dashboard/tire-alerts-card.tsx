import { RightOutlined, WarningOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { ALERT_KINDS, ALERT_LABELS } from '@itms/contracts/tire-intelligence';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { ALERT_COLORS, AlertValue } from '../../components/alert-count';
import { endpointKey } from '../../lib/api-client';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { useTireAlertsEvent } from '../../lib/use-tire-alerts-event';

/**
 * "Ban Kritis": the alert counts of installed tires, each opening /ban-kritis filtered to it.
 * Refetched on every 'tire-alerts' socket event (sent after each check validation); the interval is
 * a fallback for a dropped socket.
 */
export function TireAlertsCard() {
  const alerts = useEndpoint(
    API.getTireAlertSummary,
    {},
    { meta: { silent: true }, staleTime: 0, refetchInterval: 120_000 },
  );
  const queryClient = useQueryClient();
  useTireAlertsEvent(
    () => void queryClient.invalidateQueries({ queryKey: endpointKey(API.getTireAlertSummary) }),
  );
  const summary = alerts.data;
  return (
    <Card
      role="region"
      aria-label="Ban Kritis"
      title={
        <Flex align="center" gap={8}>
          <WarningOutlined style={{ color: '#cf1322' }} />
          <span>Ban Kritis</span>
        </Flex>
      }
      extra={
        <Link to="/ban-kritis">
          {summary ? `${formatNumber(summary.total)} ban · ` : ''}Lihat semua <RightOutlined />
        </Link>
      }
    >
      <Row gutter={[12, 12]}>
        {ALERT_KINDS.map((kind) => {
          return (
            <Col key={kind} xs={12} md={8} xl={4}>
              <Link
                to={`/ban-kritis?kind=${kind}`}
                style={{
                  display: 'block',
                  height: '100%',
                  borderInlineStart: `3px solid ${ALERT_COLORS[kind]}`,
                  background: '#fafbfd',
                  borderRadius: 6,
                  padding: '8px 12px',
                  color: 'inherit',
                }}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', minHeight: 34 }}>
                  {ALERT_LABELS[kind]}
                </Typography.Text>
                <div
                  style={{
                    fontSize: 22,
                    fontWeight: 600,
                    color: ALERT_COLORS[kind],
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {summary ? (
                    <AlertValue summary={summary} kind={kind} />
                  ) : alerts.isError ? (
                    '-'
                  ) : (
                    <Skeleton.Button active size="small" style={{ width: 40 }} />
                  )}
                </div>
              </Link>
            </Col>
          );
        })}
      </Row>
      {summary ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 8 }}>
          Batas cabut: {formatNumber(summary.pull_point_mm)} mm
        </Typography.Text>
      ) : null}
    </Card>
  );
}
