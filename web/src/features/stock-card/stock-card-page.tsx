import { ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { TIRE_EVENT_LABELS, type TireEventKind, type TStockCardRow } from '@itms/contracts/stock';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { dayjs, formatDate, formatDateTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { selectionFromParams } from './selection';
import { StockCardChooser } from './stock-card-chooser';
import { TireLifePanel } from './tire-life-panel';

const SIZES = { options: [20, 50, 100], default: 50 } as const;

export const KIND_COLORS: Record<TireEventKind, string> = {
  received: 'blue',
  installed: 'green',
  removed: 'orange',
  checked: 'default',
  status: 'purple',
  updated: 'cyan',
  scrapped: 'red',
  retreaded: 'gold',
};

/** Written (validated) more than a minute after it was done. */
const recordedLater = (r: TStockCardRow) => dayjs(r.createdAt).diff(r.performed_at, 'minute') >= 1;

const columns: TableColumnsType<TStockCardRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  {
    key: 'date',
    title: 'Tanggal',
    // when the movement was done (the tire man's time); when it was written, if later (validation)
    render: (_, r) => (
      <Flex vertical style={{ whiteSpace: 'nowrap' }}>
        <span>{formatDate(r.performed_at)}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.time}
        </Typography.Text>
        {recordedLater(r) ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Dicatat {formatDateTime(r.createdAt)}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'customer',
    title: 'Cust',
    dataIndex: 'customer',
    render: (v: string) => <div style={{ minWidth: 90, maxWidth: 150, whiteSpace: 'normal' }}>{v}</div>,
  },
  { key: 'brand', title: 'Brand', dataIndex: 'brand' },
  { key: 'size', title: 'Size', dataIndex: 'size' },
  { key: 'serial_number', title: 'No.Seri', dataIndex: 'serial_number' },
  { key: 'production_no', title: 'No.Produksi', dataIndex: 'production_no', align: 'center', width: 96 },
  {
    key: 'description',
    title: 'Ket',
    render: (_, r) => (
      <Flex vertical gap={2} align="start" style={{ minWidth: 190, maxWidth: 250, whiteSpace: 'normal' }}>
        <Tag color={KIND_COLORS[r.kind]}>{TIRE_EVENT_LABELS[r.kind]}</Tag>
        <span>{r.description}</span>
      </Flex>
    ),
  },
  {
    key: 'user_location',
    title: 'User & Lokasi',
    dataIndex: 'user_location',
    render: (v: string) => <div style={{ minWidth: 100, maxWidth: 160, whiteSpace: 'normal' }}>{v}</div>,
  },
  {
    key: 'stock',
    title: 'Stok',
    dataIndex: 'stock',
    align: 'right',
    fixed: 'right',
    width: 64,
    render: (n: number) => <Typography.Text strong>{formatNumber(n)}</Typography.Text>,
  },
];

/**
 * /kartu-stok "KARTU STOK BAN": every movement of a tire (`?tire=<id>`) or of a size/brand
 * (`?size=&brand=`) from the tire ledger, with the running stock.
 */
export default function StockCardPage() {
  const [params] = useSearchParams();
  const selection = useMemo(() => selectionFromParams(params), [params]);
  const filters = selection.kind === 'group' ? { size: selection.size, brand: selection.brand } : {};
  // the card of a size/brand, or of one tire; page, size and sort live in the URL
  const groupList = usePagedList({
    endpoint: API.getStockCard,
    sizes: SIZES,
    filters,
    enabled: selection.kind === 'group',
  });
  const tireList = usePagedList({
    endpoint: API.getTireStockCard,
    params: { id: selection.kind === 'tire' ? selection.tireId : 0 },
    sizes: SIZES,
    enabled: selection.kind === 'tire',
  });
  const list = selection.kind === 'tire' ? tireList : groupList;
  const tireReply = selection.kind === 'tire' ? tireList.data : undefined;
  const groupReply = selection.kind === 'group' ? groupList.data : undefined;
  const reply = tireReply ?? groupReply;
  const { tableProps } = list;
  const wide = useMediaQuery(DESKTOP_QUERY);
  const tire = tireReply?.tire;
  const exportName =
    selection.kind === 'tire'
      ? `kartu-stok-${tire?.serial_number ?? selection.tireId}.xlsx`
      : `kartu-stok-${[selection.kind === 'group' ? selection.size : '', selection.kind === 'group' ? selection.brand : ''].filter(Boolean).join('-')}.xlsx`;

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <XlsxExportButton
            endpoint={selection.kind === 'tire' ? API.exportTireStockCard : API.exportStockCard}
            params={selection.kind === 'tire' ? { id: selection.tireId } : undefined}
            query={filters}
            filename={exportName.replace(/[^A-Za-z0-9.-]/g, '_')}
            disabled={selection.kind === 'none'}
          />
        }
      />
      <StockCardChooser
        selection={selection}
        onChoose={(next) => list.update({ ...next, page: undefined })}
      />
      {selection.kind === 'none' ? (
        <Card>
          <Empty description="Pilih ban (nomor seri) atau size dan brand untuk melihat kartu stok." />
        </Card>
      ) : (
        <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
          {tire ? (
            <>
              <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
                <Typography.Title level={4} style={{ margin: 0, fontSize: 16 }}>
                  Kartu stok ban {tire.serial_number}
                </Typography.Title>
                <LinkButton
                  size="small"
                  icon={<UnorderedListOutlined />}
                  to={`/tire?searchBy=serial_number&q=${encodeURIComponent(tire.serial_number)}`}
                >
                  Buka di List Ban
                </LinkButton>
              </Flex>
              <Descriptions
                size="small"
                column={{ xs: 2, sm: 3, lg: 6 }}
                style={{ marginBottom: 12 }}
                items={[
                  { key: 'brand', label: 'Brand', children: tire.ir_brand || '-' },
                  { key: 'merk', label: 'Merk', children: tire.ori_brand || '-' },
                  { key: 'size', label: 'Size', children: tire.size || '-' },
                  { key: 'pattern', label: 'Pattern', children: tire.pattern || '-' },
                  { key: 'status', label: 'Status', children: <Tag>{tire.status}</Tag> },
                  { key: 'prod', label: 'No.Produksi', children: tire.production_no },
                ]}
              />
              <TireLifePanel tireId={tire.id} />
            </>
          ) : null}
          {groupReply ? (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 3 }}
              style={{ marginBottom: 12 }}
              title="Kartu stok per size & brand"
              items={[
                { key: 'size', label: 'Size', children: groupReply.filter.size ?? 'Semua' },
                { key: 'brand', label: 'Brand', children: groupReply.filter.brand ?? 'Semua' },
                {
                  key: 'now',
                  label: 'Stok sekarang',
                  children: <Typography.Text strong>{groupReply.in_stock_now} ban</Typography.Text>,
                },
              ]}
            />
          ) : null}
          <Flex justify="end" align="center" gap={8} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary" role="status">
              {list.isError ? '' : reply ? `${formatNumber(reply.total)} pergerakan` : 'Mengambil Data ...'}
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
          {list.isError ? (
            <Empty description={list.error?.message} />
          ) : (
            <ResponsiveTable<TStockCardRow>
              card={{ title: 'date', lines: ['description', 'user_location', 'stock'] }}
              {...tableProps}
              rowKey="id"
              size="small"
              columns={columns}
              aria-label="Kartu Stok Ban"
            />
          )}
        </Card>
      )}
    </Flex>
  );
}
