import { ClockCircleOutlined } from '@ant-design/icons';
import type { TSessionUser } from '@itms/contracts/auth';
import { ROLE_LABELS } from '@itms/contracts/enums';
import { greetingForHour, hourInTimeZone } from '@itms/contracts/rules/greeting';
import { Card, Flex, Skeleton, Tag, Typography, theme } from 'antd';
import { appTime } from '../../lib/dayjs';
import { APP_TIMEZONE } from '../../lib/timezone';
import { useNow } from '../../lib/use-now';

const ZONE_ABBREVIATIONS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

/** 'WIB' for Asia/Jakarta, the zone name for zones without an Indonesian abbreviation. */
export const zoneLabel = (zone: string) => ZONE_ABBREVIATIONS[zone] ?? zone;

export interface GreetingCardProps {
  user: TSessionUser | null;
  /** Checks created today; undefined while loading. */
  today: number | undefined;
}

/**
 * Greeting by the hour in APP_TIMEZONE, the user's name and role, a clock that ticks every second,
 * the weekday and date, and today's check count. Only this card re-renders each second.
 */
export function GreetingCard({ user, today }: GreetingCardProps) {
  const { token } = theme.useToken();
  const now = useNow(1000);
  const local = appTime(now);
  const greeting = greetingForHour(hourInTimeZone(now, APP_TIMEZONE));

  return (
    <Card
      variant="borderless"
      style={{
        background: `linear-gradient(120deg, ${token.colorPrimary} 0%, #2f6fd6 60%, #4f8ae6 100%)`,
        color: '#fff',
        height: '100%',
      }}
      styles={{ body: { padding: 20 } }}
    >
      <Flex wrap gap={16} justify="space-between" align="center">
        <div style={{ minWidth: 0 }}>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.85)', fontSize: 15 }}>
            {greeting},
          </Typography.Text>
          <Typography.Title
            level={3}
            style={{ color: '#fff', margin: '2px 0 6px', fontSize: 24, overflowWrap: 'anywhere' }}
          >
            {user?.name ?? '-'}
          </Typography.Title>
          <Flex gap={8} wrap align="center">
            {user ? (
              <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                {ROLE_LABELS[user.role]}
              </Tag>
            ) : null}
            <Typography.Text style={{ color: 'rgba(255,255,255,0.85)' }}>
              {local.format('dddd, DD MMMM YYYY')}
            </Typography.Text>
          </Flex>
        </div>
        <Flex vertical align="end" gap={2} style={{ marginInlineStart: 'auto' }}>
          <span
            role="timer"
            aria-label="Jam"
            style={{
              fontSize: 34,
              fontWeight: 600,
              letterSpacing: 1,
              fontVariantNumeric: 'tabular-nums',
              lineHeight: 1.1,
            }}
          >
            <ClockCircleOutlined style={{ fontSize: 22, marginInlineEnd: 8, opacity: 0.85 }} />
            {local.format('HH:mm:ss')}
            <span style={{ fontSize: 14, fontWeight: 400, marginInlineStart: 6, opacity: 0.85 }}>
              {zoneLabel(APP_TIMEZONE)}
            </span>
          </span>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.9)' }}>
            {today === undefined ? (
              <Skeleton.Input active size="small" style={{ width: 160 }} />
            ) : (
              <>
                Pengecekan hari ini: <strong>{today}</strong>
              </>
            )}
          </Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
}
