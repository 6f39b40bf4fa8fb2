import {
  CalendarOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
  RollbackOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { TDashboardCounters } from '@itms/contracts/reports';
import { Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CounterCard } from '../../components/counter-card';
import { RETURNS_VIEW } from '../../components/returns-view';
import { formatNumber } from '../../lib/number-format';

interface CounterDef {
  key: keyof Pick<
    TDashboardCounters,
    'today' | 'pending' | 'bkb' | 'returned' | 'pergantian' | 'storing' | 'tireMen'
  >;
  label: string;
  hint: string;
  /** A second count said after the hint, in red when not 0 (Storing: the open calls past a target). */
  alarm?: { key: 'storingBreached'; text: string };
  to?: string;
  icon: ReactNode;
  color: string;
}

/**
 * The dashboard cards (spec section 2): label, destination and what the number counts, with its
 * period (today, or every date: a queue counts all that waits, whenever it was sent).
 */
export const COUNTERS: readonly CounterDef[] = [
  {
    key: 'today',
    label: 'Hari ini',
    hint: 'Masuk hari ini',
    to: '/validasi',
    icon: <CalendarOutlined />,
    color: '#1f5fbf',
  },
  {
    key: 'pending',
    label: 'Pending',
    hint: 'Menunggu EDP, semua tanggal',
    to: '/validasi',
    icon: <HourglassOutlined />,
    color: '#ad6800',
  },
  {
    key: 'bkb',
    label: 'BKB',
    hint: 'Menunggu validasi, semua tanggal',
    to: '/mismatch',
    icon: <ExclamationCircleOutlined />,
    color: '#cf1322',
  },
  // checks and replacements given back and not yet resubmitted (the Storing card of the spec)
  {
    key: 'returned',
    label: 'Dikembalikan',
    hint: 'Belum dikirim ulang, semua tanggal',
    to: `/validasi?view=${RETURNS_VIEW}`,
    icon: <RollbackOutlined />,
    color: '#7846c2',
  },
  {
    key: 'pergantian',
    label: 'Pergantian',
    hint: 'Menunggu EDP, semua tanggal',
    to: '/validasi-pergantian',
    icon: <SwapOutlined />,
    color: '#08979c',
  },
  // breakdown calls not closed yet (issue 38)
  {
    key: 'storing',
    label: 'Storing',
    hint: 'Panggilan terbuka',
    alarm: { key: 'storingBreached', text: 'lewat target' },
    to: '/storing',
    icon: <ToolOutlined />,
    color: '#d4380d',
  },
  {
    key: 'tireMen',
    label: 'Tire Man',
    hint: 'Akun terdaftar',
    icon: <TeamOutlined />,
    color: '#389e0d',
  },
];

/** What a card counts; Storing adds, in red, how many open calls are past a target. */
function CounterHint({ def, alarm }: { def: CounterDef; alarm: number | undefined }) {
  return (
    <>
      {def.hint}
      {def.alarm && alarm ? (
        <Typography.Text type="danger" strong style={{ fontSize: 12 }}>
          {` · ${formatNumber(alarm)} ${def.alarm.text}`}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** Hari ini, Pending, BKB, Dikembalikan, Pergantian, Storing and Tire Man, from getDashboardCounters. */
export function CounterCards({
  counters,
  failed = false,
}: {
  counters: TDashboardCounters | undefined;
  failed?: boolean;
}) {
  return (
    <Row gutter={[12, 12]}>
      {COUNTERS.map((def) => (
        <Col key={def.key} xs={12} sm={8} lg={6} xxl={3}>
          <CounterCard
            label={def.label}
            hint={<CounterHint def={def} alarm={def.alarm ? counters?.[def.alarm.key] : undefined} />}
            icon={def.icon}
            color={def.color}
            to={def.to}
            value={counters?.[def.key]}
            failed={failed}
          />
        </Col>
      ))}
    </Row>
  );
}
