import { ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { TScrapRow } from '@itms/contracts/stock';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Row,
  Statistic,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ListSearch, openableRow } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { appTime, formatDate } from '../../lib/dayjs';
import { formatKm, formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { ScrapBars } from './scrap-bars';

const SIZES = { options: [10, 20, 50], default: 10 } as const;
const isDate = (v: string | null): v is string => Boolean(v && /^\d{4}-\d{2}-\d{2}$/.test(v));

const columns: TableColumnsType<TScrapRow> = [
  {
    key: 'serial_number',
    title: 'S/N',
    dataIndex: 'serial_number',
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { key: 'brand', title: 'Brand', dataIndex: 'ir_brand' },
  { key: 'merk', title: 'Merk', dataIndex: 'ori_brand' },
  { key: 'size', title: 'Size', dataIndex: 'size' },
  {
    key: 'reason',
    title: 'Alasan',
    render: (_, r) => (
      <Flex vertical style={{ minWidth: 160, maxWidth: 300, whiteSpace: 'normal' }}>
        <span>{r.reason}</span>
        {r.scrap_note && r.scrap_note !== r.reason ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.scrap_note}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    key: 'date',
    title: 'Tanggal Scrap',
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>{r.scrappedAt ? formatDate(r.scrappedAt) : '-'}</span>
    ),
  },
  { key: 'unit', title: 'Unit Terakhir', render: (_, r) => r.last_unit?.plate_number ?? '-' },
  {
    key: 'km',
    title: 'Km Tempuh',
    align: 'right',
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatKm(r.km_run)}</span>,
  },
  {
    key: 'days',
    title: 'Hari Pakai',
    align: 'right',
    render: (_, r) => (r.days_in_service === null ? '-' : `${formatNumber(r.days_in_service)} hari`),
  },
];

/** /scrap: scrapped tires with reason, date, last unit, km run and days in service; totals by reason and brand. */
export default function ScrapPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brand = params.get('brand') ?? undefined;
  const start = params.get('start');
  const end = params.get('end');
  const range = isDate(start) && isDate(end) ? { dateStart: start, dateEnd: end } : {};
  const list = usePagedList({
    endpoint: API.listScrap,
    sizes: SIZES,
    filters: { brand, ...range },
  });
  const totals = list.data?.totals;
  const wide = useMediaQuery(DESKTOP_QUERY);
  const set = (next: Record<string, string | undefined>) => list.update({ ...next, page: undefined });

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <XlsxExportButton
            endpoint={API.exportScrap}
            query={{ q: list.q, brand, ...range }}
            filename="scrap.xlsx"
          />
        }
      />
      <Card size="small">
        <Flex wrap gap={8} align="center">
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder="Cari S/N" />
          <DatePicker.RangePicker
            aria-label="Tanggal scrap"
            format="DD MMM YYYY"
            value={'dateStart' in range ? [appTime(range.dateStart), appTime(range.dateEnd)] : null}
            onChange={(v) =>
              set({
                start: v?.[0]?.format('YYYY-MM-DD'),
                end: v?.[1]?.format('YYYY-MM-DD'),
              })
            }
            placeholder={['Tanggal awal', 'Tanggal akhir']}
            presets={[
              { label: 'Bulan ini', value: [appTime().startOf('month'), appTime().endOf('month')] },
              { label: 'Tahun ini', value: [appTime().startOf('year'), appTime().endOf('year')] },
            ]}
          />
          {brand || 'dateStart' in range || list.q ? (
            <Button
              type="link"
              onClick={() => set({ brand: undefined, start: undefined, end: undefined, q: undefined })}
            >
              Hapus filter
            </Button>
          ) : null}
          <Flex gap={8} align="center" style={{ marginInlineStart: wide ? 'auto' : undefined }}>
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
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} md={6}>
          <Card size="small" style={{ height: '100%', borderInlineStart: '3px solid #ff4d4f' }}>
            <Statistic
              styles={{ content: { fontSize: wide ? 24 : 20 } }}
              title="Total ban scrap"
              value={totals?.total ?? '-'}
              loading={!totals}
              suffix={totals ? 'ban' : undefined}
            />
            {brand ? <Typography.Text type="secondary">Brand {brand}</Typography.Text> : null}
          </Card>
        </Col>
        <Col xs={24} md={9}>
          <Card size="small" title="Per Alasan" style={{ height: '100%' }} loading={!totals}>
            <ScrapBars
              label="Scrap per alasan"
              items={(totals?.byReason ?? []).map((r) => ({ label: r.reason, total: r.total }))}
              color="#ff7875"
            />
          </Card>
        </Col>
        <Col xs={24} md={9}>
          <Card
            size="small"
            title="Per Brand"
            style={{ height: '100%' }}
            loading={!totals}
            extra={
              brand ? (
                <Button size="small" type="link" onClick={() => set({ brand: undefined })}>
                  Semua brand
                </Button>
              ) : null
            }
          >
            <ScrapBars
              label="Scrap per brand"
              items={(totals?.byBrand ?? []).map((b) => ({ label: b.brand, total: b.total }))}
              color="#1f4e9c"
              active={brand}
              onPick={(b) => set({ brand: b === brand ? undefined : b })}
            />
          </Card>
        </Col>
      </Row>
      <Card>
        <Typography.Text type="secondary" role="status" style={{ display: 'block', marginBottom: 8 }}>
          {list.data ? `${formatNumber(list.data.total)} ban scrap` : 'Mengambil Data ...'}
        </Typography.Text>
        <ResponsiveTable<TScrapRow>
          card={{ title: 'serial_number', lines: ['merk', 'size', 'reason', 'date'] }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          onRow={openableRow((r: TScrapRow) => navigate(`/kartu-stok?tire=${r.id}`))}
        />
      </Card>
    </Flex>
  );
}
