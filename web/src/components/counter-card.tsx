import { RightOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../lib/number-format';

export interface CounterCardProps {
  label: string;
  /** What the number counts, with its period, below it. */
  hint: ReactNode;
  icon: ReactNode;
  color: string;
  /** The count; undefined while it loads. */
  value: number | undefined;
  /** After the count, smaller: its whole ("dari 40"). */
  suffix?: ReactNode;
  /** The request failed: '-' instead of the count. */
  failed?: boolean;
  /** Where a click on the card leads (none: the card is not a link). */
  to?: string;
}

/**
 * A count on a card (the dashboard's, the customer portal's): label, the count in the card's colour,
 * an icon, what it counts; a link when it leads somewhere. Its accessible name is its label.
 */
export function CounterCard({
  label,
  hint,
  icon,
  color,
  value,
  suffix,
  failed = false,
  to,
}: CounterCardProps) {
  const body = (
    <Card
      role="group"
      aria-label={label}
      hoverable={Boolean(to)}
      variant="borderless"
      style={{ height: '100%', borderTop: `3px solid ${color}` }}
      styles={{ body: { padding: '14px 16px' } }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {label}
          </Typography.Text>
          <div
            style={{
              fontSize: 28,
              fontWeight: 600,
              lineHeight: 1.25,
              color,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {failed && value === undefined ? (
              '-'
            ) : value === undefined ? (
              <Skeleton.Button active size="small" style={{ width: 48 }} />
            ) : (
              <>
                {formatNumber(value)}
                {suffix ? (
                  <span style={{ fontSize: '0.55em', fontWeight: 400, color: '#595959' }}> {suffix}</span>
                ) : null}
              </>
            )}
          </div>
        </div>
        <span
          aria-hidden
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 36,
            height: 36,
            borderRadius: 10,
            background: `${color}14`,
            color,
            fontSize: 18,
            flex: 'none',
          }}
        >
          {icon}
        </span>
      </Flex>
      <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {hint}
        </Typography.Text>
        {to ? <RightOutlined style={{ fontSize: 11, color: 'rgba(0,0,0,0.35)' }} /> : null}
      </Flex>
    </Card>
  );
  return to ? (
    <Link to={to} style={{ display: 'block', height: '100%' }}>
      {body}
    </Link>
  ) : (
    body
  );
}
