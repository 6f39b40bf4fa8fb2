import {
  CalendarOutlined,
  CarOutlined,
  DatabaseOutlined,
  SwapOutlined,
  ToolOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { TPortalFleet, TPortalUnitRow } from '@itms/contracts/portal';
import { Card, Col, Empty, Flex, Row, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { CounterCard } from '../../components/counter-card';
import { ListSearch, openableRow } from '../../components/list-controls';
import { LoadError } from '../../components/load-error';
import { CustomerSelect } from '../../components/org-fields';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { dayjs, formatDate } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { usePagedList } from '../../lib/use-paged-list';
import { usePortalCustomer } from './portal-customer';
import { PortalReport } from './portal-report';
import { PortalTireCost } from './portal-tire-cost';

/** The units list: ten a page, no other size. */
const SIZES = { options: [10], default: 10 } as const;
/** Typing in the plate box searches once it pauses this long. */
const SEARCH_DEBOUNCE_MS = 400;

interface FleetCard {
  label: string;
  icon: ReactNode;
  color: string;
  value: (f: TPortalFleet) => number;
  hint: (f: TPortalFleet) => string;
  suffix?: (f: TPortalFleet) => string;
}

/** The fleet's counts this month (validated work only), in the order the issue names them. */
const FLEET_CARDS: readonly FleetCard[] = [
  { label: 'Unit', icon: <CarOutlined />, color: '#1f5fbf', value: (f) => f.units, hint: () => 'Unit aktif' },
  {
    label: 'Ban terpasang',
    icon: <DatabaseOutlined />,
    color: '#08979c',
    value: (f) => f.tires_mounted,
    hint: () => 'Di semua unit aktif',
  },
  {
    label: 'Ban kritis',
    icon: <WarningOutlined />,
    color: '#cf1322',
    value: (f) => f.critical_tires,
    hint: () => 'Rusak berbahaya atau RTD di batas cabut',
  },
  {
    label: 'Perlu diganti',
    icon: <SwapOutlined />,
    color: '#d46b08',
    value: (f) => f.due_replacements,
    hint: () => 'Segera mencapai batas cabut',
  },
  {
    label: 'Unit dicek bulan ini',
    icon: <CalendarOutlined />,
    color: '#389e0d',
    value: (f) => f.units_checked,
    suffix: (f) => `dari ${formatNumber(f.units)}`,
    hint: (f) => `${formatNumber(f.checks)} pengecekan`,
  },
  {
    label: 'Storing terbuka',
    icon: <ToolOutlined />,
    color: '#d4380d',
    value: (f) => f.open_calls,
    hint: () => 'Panggilan belum selesai',
  },
];

/**
 * /portal (Armada, issue 40): a fleet owner's units as it sees them, read-only and from validated
 * work only: this month's counts, then its units by plate (searched as typed), each opening its
 * page, then a month's report (XLSX, PDF), then its tires' life and cost over a period. The office
 * opens the same screen for one customer (`?customer_id=`, the select at the top).
 */
export default function PortalPage() {
  const { own, customerId, ready, search } = usePortalCustomer();
  const navigate = useNavigate();
  // a customer account is never asked for whose fleet: the server answers with its own
  const whose = own ? {} : { customer_id: customerId };
  const fleet = useEndpoint(API.getPortalFleet, { query: whose }, { enabled: ready, meta: { silent: true } });
  const list = usePagedList({
    endpoint: API.listPortalUnits,
    sizes: SIZES,
    filters: whose,
    enabled: ready,
    emptyText: 'Tidak ada unit',
  });
  const unitPath = (id: number) => `/portal/unit/${id}${search}`;

  const columns: TableColumnsType<TPortalUnitRow> = [
    {
      key: 'plate_number',
      title: 'Plat Nomor',
      render: (_, u) => (
        <Link to={unitPath(u.id)}>
          <strong>{u.plate_number}</strong>
        </Link>
      ),
    },
    { key: 'unit_type', title: 'Tipe', dataIndex: 'unit_type' },
    { key: 'project', title: 'Proyek', dataIndex: 'project' },
    {
      key: 'tires_mounted',
      title: 'Ban terpasang',
      align: 'end',
      render: (_, u) => formatNumber(u.tires_mounted),
    },
    {
      key: 'critical_tires',
      title: 'Ban kritis',
      align: 'end',
      render: (_, u) =>
        u.critical_tires > 0 ? (
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            {formatNumber(u.critical_tires)}
          </Tag>
        ) : (
          0
        ),
    },
    {
      key: 'checks_month',
      title: 'Cek bulan ini',
      align: 'end',
      render: (_, u) => formatNumber(u.checks_month),
    },
    {
      key: 'last_check_at',
      title: 'Cek terakhir',
      render: (_, u) => (u.last_check_at ? formatDate(u.last_check_at) : 'Belum pernah'),
    },
    {
      key: 'open_calls',
      title: 'Storing terbuka',
      align: 'end',
      render: (_, u) => formatNumber(u.open_calls),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <PageHeading
          title={fleet.data ? `Armada ${fleet.data.customer.name}` : undefined}
          extra={
            own ? null : (
              <CustomerSelect
                aria-label="Pelanggan"
                placeholder="Pilih pelanggan"
                value={customerId}
                onChange={(id) => list.update({ customer_id: id, page: undefined, q: undefined })}
                style={{ width: 280, maxWidth: '100%' }}
              />
            )
          }
        />
        {!ready ? (
          <Empty description="Pilih pelanggan" />
        ) : fleet.isError ? (
          <LoadError error={fleet.error} onRetry={() => fleet.refetch()} retrying={fleet.isFetching} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              {fleet.data
                ? `Angka bulan ${dayjs(`${fleet.data.month}-01`).format('MMMM YYYY')}, hanya dari pekerjaan yang sudah divalidasi.`
                : 'Mengambil Data ...'}
            </Typography.Paragraph>
            <Row gutter={[12, 12]}>
              {FLEET_CARDS.map((c) => (
                <Col key={c.label} xs={12} md={8} xl={4}>
                  <CounterCard
                    label={c.label}
                    icon={c.icon}
                    color={c.color}
                    value={fleet.data ? c.value(fleet.data) : undefined}
                    suffix={fleet.data && c.suffix ? c.suffix(fleet.data) : undefined}
                    hint={fleet.data ? c.hint(fleet.data) : ' '}
                  />
                </Col>
              ))}
            </Row>
          </>
        )}
      </Card>
      {ready ? (
        <Card title="Daftar Unit">
          <Flex style={{ marginBottom: 12 }}>
            <ListSearch
              value={list.q}
              onSearch={list.setSearch}
              placeholder="Cari plat nomor"
              debounceMs={SEARCH_DEBOUNCE_MS}
            />
          </Flex>
          <ResponsiveTable<TPortalUnitRow>
            {...list.tableProps}
            aria-label="Daftar unit"
            rowKey="id"
            size="middle"
            columns={columns}
            onRow={openableRow((u) => navigate(unitPath(u.id)))}
            card={{
              title: 'plate_number',
              lines: ['unit_type', 'project', 'critical_tires', 'last_check_at', 'open_calls'],
            }}
          />
        </Card>
      ) : null}
      {ready ? <PortalReport customerId={own ? undefined : customerId} unitPath={unitPath} /> : null}
      {ready ? <PortalTireCost customerId={own ? undefined : customerId} /> : null}
    </Flex>
  );
}
