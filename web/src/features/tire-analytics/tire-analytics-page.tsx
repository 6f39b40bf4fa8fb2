import { API } from '@itms/contracts/api';
import {
  PERFORMANCE_GROUP_LABELS,
  PERFORMANCE_GROUPS,
  type PerformanceGroup,
  type TPerformanceRow,
} from '@itms/contracts/tire-intelligence';
import { Card, Col, Flex, Row, Segmented, Select, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeading } from '../../components/page-frame';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatDecimal, formatNumber, formatRupiah } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { PerformanceBars } from './performance-bars';

const isGroup = (v: string | null): v is PerformanceGroup =>
  PERFORMANCE_GROUPS.includes(v as PerformanceGroup);

/** Sorts numbers with the unknown (null) ones last, whatever the direction. */
const byNumber =
  (pick: (r: TPerformanceRow) => number | null) =>
  (a: TPerformanceRow, b: TPerformanceRow, order?: 'ascend' | 'descend' | null) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null && y === null) return 0;
    if (x === null) return order === 'descend' ? -1 : 1;
    if (y === null) return order === 'descend' ? 1 : -1;
    return x - y;
  };

function columns(groupBy: PerformanceGroup): TableColumnsType<TPerformanceRow> {
  return [
    {
      key: 'key',
      title: PERFORMANCE_GROUP_LABELS[groupBy],
      dataIndex: 'key',
      sorter: (a, b) => a.key.localeCompare(b.key),
      render: (v: string) => <strong>{v || '(kosong)'}</strong>,
    },
    {
      key: 'tires',
      title: 'Jumlah ban',
      dataIndex: 'tires',
      align: 'right',
      sorter: (a, b) => a.tires - b.tires,
      render: formatNumber,
    },
    {
      key: 'km_total',
      title: 'Total km',
      dataIndex: 'km_total',
      align: 'right',
      sorter: (a, b) => a.km_total - b.km_total,
      render: formatNumber,
    },
    {
      key: 'mm_worn',
      title: 'mm aus',
      dataIndex: 'mm_worn',
      align: 'right',
      sorter: (a, b) => a.mm_worn - b.mm_worn,
      render: formatNumber,
    },
    {
      key: 'km_per_mm',
      title: 'Km/mm',
      dataIndex: 'km_per_mm',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: byNumber((r) => r.km_per_mm),
      render: (n: number | null) => <strong>{formatDecimal(n, 0)}</strong>,
    },
    {
      key: 'wear_rate',
      title: 'Laju aus (mm/1.000 km)',
      dataIndex: 'wear_rate',
      align: 'right',
      sorter: byNumber((r) => r.wear_rate),
      render: formatNumber,
    },
    {
      key: 'cost_per_km',
      title: 'Biaya/km (Rp)',
      dataIndex: 'cost_per_km',
      align: 'right',
      sorter: byNumber((r) => r.cost_per_km),
      render: (n: number | null, r) =>
        n === null ? (
          '-'
        ) : (
          <Flex vertical align="end">
            <span>{formatRupiah(n)}</span>
            <Typography.Text type="secondary" style={{ fontSize: 11 }}>
              {r.priced_tires} ban berharga
            </Typography.Text>
          </Flex>
        ),
    },
  ];
}

/**
 * /analitik-ban "Analitik Performa Ban": km per mm of tread and cost per km by brand, pattern or
 * size (`?groupBy=`, `?size=`), a bar chart, a sortable table and the XLSX of the same query.
 */
export default function TireAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const groupParam = params.get('groupBy');
  const groupBy: PerformanceGroup = isGroup(groupParam) ? groupParam : 'brand';
  const size = params.get('size') || undefined;
  // one row per brand, pattern or size (computed in SQL)
  const performance = useEndpoint(
    API.getTirePerformance,
    { query: { groupBy, size } },
    // said in place, with 'Coba lagi'
    { staleTime: 30_000, meta: { silent: true } },
  );
  // the size filter's choices: the sizes of the reference pressures (the /ban-kritis modal's query)
  const pressures = useEndpoint(API.listSizePressures, {}, { staleTime: 60_000 });
  const sizeOptions = useMemo(() => (pressures.data ?? []).map((r) => r.size).sort(), [pressures.data]);
  const wide = useMediaQuery(DESKTOP_QUERY);
  const rows = performance.data?.rows ?? [];
  const label = PERFORMANCE_GROUP_LABELS[groupBy];

  const set = (key: string, value: string | undefined) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <XlsxExportButton
            endpoint={API.exportTirePerformance}
            query={{ groupBy, size }}
            filename={`analitik-ban-${groupBy}${size ? `-${size.replace(/[^A-Za-z0-9.-]/g, '_')}` : ''}.xlsx`}
            disabled={rows.length === 0}
          />
        }
      />
      <Card styles={{ body: { padding: wide ? 16 : 12 } }}>
        <Flex wrap gap={12} align="center">
          <Segmented<PerformanceGroup>
            aria-label="Kelompokkan per"
            value={groupBy}
            options={PERFORMANCE_GROUPS.map((g) => ({ value: g, label: PERFORMANCE_GROUP_LABELS[g] }))}
            onChange={(g) => set('groupBy', g === 'brand' ? undefined : g)}
          />
          <Select<string>
            aria-label="Filter size"
            placeholder="Semua size"
            allowClear
            showSearch
            value={size}
            loading={pressures.isLoading}
            options={sizeOptions.map((s) => ({ value: s, label: s }))}
            onChange={(v) => set('size', v)}
            style={{ flex: '1 1 160px', maxWidth: 240, minWidth: 0 }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Km/mm: jarak tempuh per 1 mm telapak (makin tinggi makin awet). Biaya/km dari harga beli + biaya
            vulkanisir.
          </Typography.Text>
        </Flex>
      </Card>
      {performance.isError ? (
        <Card>
          <LoadError error={performance.error} onRetry={() => performance.refetch()} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xxl={9}>
            <Card title={`Km per mm per ${label}`} size="small" loading={performance.isLoading}>
              <PerformanceBars rows={rows} label={label} />
            </Card>
          </Col>
          <Col xs={24} xxl={15}>
            <Card size="small" styles={{ body: { padding: wide ? 12 : 8 } }}>
              <Table<TPerformanceRow>
                key={groupBy}
                rowKey="key"
                size="small"
                aria-label={`Performa per ${label}`}
                columns={columns(groupBy)}
                dataSource={rows}
                loading={performance.isFetching}
                pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: 'Tidak ada data' }}
                showSorterTooltip={false}
              />
            </Card>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
