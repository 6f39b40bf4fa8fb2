import { CloseOutlined, FileTextOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { TWarehouseRow } from '@itms/contracts/stock';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Flex,
  Row,
  Segmented,
  Select,
  Statistic,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListSearch, openableRow } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatDateTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { tireCardHref } from './card-links';
import { WarehouseGroups, type WarehouseGroupsView } from './warehouse-groups';

const SIZES = { options: [10, 20, 50], default: 10 } as const;
const STATUS_OPTIONS = [
  { value: '', label: 'Semua' },
  { value: 'UNINSTALLED', label: 'Uninstalled' },
  { value: 'SPARE', label: 'Spare' },
];

const columns: TableColumnsType<TWarehouseRow> = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 64 },
  {
    key: 'serial_number',
    title: 'S/N',
    dataIndex: 'serial_number',
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { key: 'brand', title: 'Brand', dataIndex: 'ir_brand' },
  { key: 'size', title: 'Size', dataIndex: 'size' },
  { key: 'pattern', title: 'Pattern', dataIndex: 'pattern' },
  {
    key: 'rtd',
    title: 'RTD Min',
    dataIndex: 'groove_lowest',
    align: 'right',
    render: (v: number | null) => (v === null ? '-' : formatNumber(v)),
  },
  {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    render: (s: string) => <Tag color={s === 'SPARE' ? 'gold' : 'blue'}>{s}</Tag>,
  },
  { key: 'location', title: 'Lokasi', render: (_, r) => r.Location?.name ?? '-' },
  {
    key: 'last',
    title: 'Pergerakan Terakhir',
    render: (_, r) =>
      r.last_movement ? (
        <Flex vertical style={{ minWidth: 220, maxWidth: 360, whiteSpace: 'normal' }}>
          <span>{r.last_movement.description}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(r.last_movement.createdAt)}
            {r.last_movement.user_name ? ` · ${r.last_movement.user_name}` : ''}
          </Typography.Text>
        </Flex>
      ) : (
        '-'
      ),
  },
  {
    key: 'card',
    title: '',
    render: (_, r) => (
      <Link
        to={tireCardHref(r.id)}
        aria-label={`Kartu stok ${r.serial_number}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        <FileTextOutlined /> Kartu Stok
      </Link>
    ),
  },
];

/** /warehouse: tires in stock by location, size and brand, with totals and each tire's last movement. */
export default function WarehousePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status =
    params.get('status') === 'UNINSTALLED' || params.get('status') === 'SPARE' ? params.get('status')! : '';
  const size = params.get('size') ?? undefined;
  const brand = params.get('brand') ?? undefined;
  const locationId = /^\d+$/.test(params.get('location_id') ?? '')
    ? Number(params.get('location_id'))
    : undefined;
  const filters = { status: status || undefined, size, brand, location_id: locationId };
  const list = usePagedList({ endpoint: API.listWarehouse, sizes: SIZES, filters });
  const groupFilter = { ...filters, q: list.q || undefined };
  // the groups' page and order; back to their first page whenever the filter changes
  const filterKey = JSON.stringify(groupFilter);
  const [view, setView] = useState<WarehouseGroupsView & { key: string }>({ key: filterKey, page: 1 });
  const groupsView = view.key === filterKey ? view : { ...view, key: filterKey, page: 1 };
  // one page of the groups for the list's filter; without the list's page, so turning the
  // list's pages reuses it
  const grouped = useEndpoint(
    API.listWarehouseGroups,
    { query: { ...groupFilter, page: groupsView.page, sort: groupsView.sort } },
    { placeholderData: keepPreviousData },
  );
  const totals = list.data?.totals ?? grouped.data?.totals;
  const wide = useMediaQuery(DESKTOP_QUERY);

  // locations holding stock of the filter (whatever its location)
  const locationOptions = useMemo(
    () => (grouped.data?.locations ?? []).map((l) => ({ value: l.id, label: l.name })),
    [grouped.data?.locations],
  );

  const set = (next: Record<string, string | number | undefined>) =>
    list.update({
      ...Object.fromEntries(
        Object.entries(next).map(([k, v]) => [k, v === undefined ? undefined : String(v)]),
      ),
      page: undefined,
    });
  const narrowed = Boolean(size || brand || locationId || status || list.q);

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <XlsxExportButton
            endpoint={API.exportWarehouse}
            query={{ ...filters, q: list.q }}
            filename="warehouse.xlsx"
          />
        }
      />
      <Row gutter={[12, 12]}>
        {[
          { label: 'Total stok', value: totals?.total, color: '#1f4e9c' },
          { label: 'Uninstalled', value: totals?.uninstalled, color: '#1677ff' },
          { label: 'Spare', value: totals?.spare, color: '#faad14' },
          {
            label: 'Kelompok stok',
            value: grouped.data?.total,
            color: '#8c8c8c',
          },
        ].map((t) => (
          <Col key={t.label} xs={12} md={6}>
            <Card size="small" style={{ borderInlineStart: `3px solid ${t.color}` }}>
              <Statistic
                title={t.label}
                value={t.value ?? '-'}
                loading={t.value === undefined}
                styles={{ content: { fontSize: wide ? 24 : 18 } }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="Stok per Lokasi, Size dan Brand">
        <WarehouseGroups
          reply={grouped.data}
          loading={grouped.isFetching}
          sort={groupsView.sort}
          onView={(next) => setView({ ...groupsView, ...next })}
          onPick={(g) => set({ size: g.size, brand: g.brand, location_id: g.location_id ?? undefined })}
        />
      </Card>
      <Card size="small" title="Ban di Gudang">
        <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder="Cari S/N" />
          <Select
            allowClear
            placeholder="Semua lokasi"
            aria-label="Filter lokasi"
            value={locationId}
            options={locationOptions}
            onChange={(v) => set({ location_id: v })}
            style={{ width: 200 }}
          />
          <Segmented
            aria-label="Status stok"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(v) => set({ status: String(v) || undefined })}
          />
          {size ? (
            <Tag
              closable
              closeIcon={<CloseOutlined aria-label="Hapus filter size" />}
              onClose={() => set({ size: undefined })}
            >
              Size: {size}
            </Tag>
          ) : null}
          {brand ? (
            <Tag
              closable
              closeIcon={<CloseOutlined aria-label="Hapus filter brand" />}
              onClose={() => set({ brand: undefined })}
            >
              Brand: {brand}
            </Tag>
          ) : null}
          {narrowed ? (
            <Button
              type="link"
              size="small"
              onClick={() =>
                set({
                  size: undefined,
                  brand: undefined,
                  location_id: undefined,
                  status: undefined,
                  q: undefined,
                })
              }
            >
              Hapus filter
            </Button>
          ) : null}
          <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
            <Typography.Text type="secondary" role="status">
              {list.data ? `${formatNumber(list.data.total)} ban` : 'Mengambil Data ...'}
            </Typography.Text>
            <Tooltip title="Muat ulang">
              <Button
                aria-label="Muat ulang"
                icon={<ReloadOutlined />}
                onClick={() => list.refetch()}
                loading={list.isFetching}
              />
            </Tooltip>
          </Flex>
        </Flex>
        <ResponsiveTable<TWarehouseRow>
          card={{ title: 'serial_number', lines: ['brand', 'size', 'rtd', 'location'], tags: ['status'] }}
          {...list.tableProps}
          // a desktop wraps the cells to its width: at max-content the last column was out of view
          scroll={wide ? undefined : list.tableProps.scroll}
          rowKey="id"
          size="middle"
          columns={columns}
          onRow={openableRow((r: TWarehouseRow) => navigate(tireCardHref(r.id)))}
        />
      </Card>
    </Flex>
  );
}
