import { API } from '@itms/contracts/api';
import {
  PORTAL_COST_GROUP_LABELS,
  PORTAL_COST_GROUPS,
  type PortalCostGroup,
  type TPortalScrapReason,
  type TPortalTireCostRow,
} from '@itms/contracts/portal';
import { Card, DatePicker, Flex, Select, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { listEmptyText } from '../../components/load-error';
import { ResponsiveTable } from '../../components/responsive-table';
import { appTime, type dayjs } from '../../lib/dayjs';
import { formatNumber, formatRupiah } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';

type Range = [dayjs.Dayjs, dayjs.Dayjs];
type Metric = Exclude<keyof TPortalTireCostRow, 'key'>;

/** The last twelve months, today included (app time). */
const lastYear = (): Range => {
  const today = appTime().startOf('day');
  return [today.subtract(1, 'year').add(1, 'day'), today];
};

const day = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** The figures of a group, in the table's order. */
const METRICS: readonly { key: Metric; header: string; format: (n: number | null) => string }[] = [
  { key: 'tires', header: 'Ban', format: formatNumber },
  { key: 'km_total', header: 'Km total', format: formatNumber },
  { key: 'mm_worn', header: 'Aus (mm)', format: formatNumber },
  { key: 'priced_tires', header: 'Ban berharga', format: formatNumber },
  { key: 'cost', header: 'Biaya', format: formatRupiah },
  { key: 'cost_per_km', header: 'Biaya per km', format: formatRupiah },
  { key: 'cost_per_mm', header: 'Biaya per mm', format: formatRupiah },
];

/** The period's totals in one line (the table lists the groups). */
const totalText = (total: TPortalTireCostRow) =>
  METRICS.map((m) => `${m.header} ${m.format(total[m.key])}`).join(' · ');

const GROUP_OPTIONS = PORTAL_COST_GROUPS.map((g) => ({ value: g, label: PORTAL_COST_GROUP_LABELS[g] }));

const scrapColumns: TableColumnsType<TPortalScrapReason> = [
  { key: 'reason', title: 'Alasan', dataIndex: 'reason' },
  { key: 'tires', title: 'Ban', align: 'end', render: (_, r) => formatNumber(r.tires) },
  { key: 'km_avg', title: 'Rata-rata km', align: 'end', render: (_, r) => formatNumber(r.km_avg) },
];

/**
 * Umur & biaya ban (issue 40): the customer's tires in service during a period (the last twelve
 * months unless another is picked), by unit, brand, pattern or size: km and tread worn over their
 * lives, what they cost, rupiah per km and per mm; then the tires scrapped in it by reason.
 */
export function PortalTireCost({
  customerId,
}: {
  /** The office names the customer; a customer account sends none. */
  customerId: number | undefined;
}) {
  const [range, setRange] = useState<Range>(lastYear);
  const [groupBy, setGroupBy] = useState<PortalCostGroup>('unit');
  const query = { customer_id: customerId, dateStart: day(range[0]), dateEnd: day(range[1]), groupBy };
  const cost = useEndpoint(API.getPortalTireCost, { query }, { meta: { silent: true } });
  const group = cost.data?.groupBy ?? groupBy;
  const today = day(appTime());

  const columns: TableColumnsType<TPortalTireCostRow> = [
    { key: 'key', title: PORTAL_COST_GROUP_LABELS[group], render: (_, r) => r.key ?? '-' },
    ...METRICS.map((m) => ({
      key: m.key,
      title: m.header,
      align: 'end' as const,
      render: (_: unknown, r: TPortalTireCostRow) => m.format(r[m.key]),
    })),
  ];

  return (
    <Card
      title="Umur & Biaya Ban"
      extra={
        <Flex wrap gap={8} justify="flex-end">
          <DatePicker.RangePicker
            aria-label="Periode"
            format="DD MMM YYYY"
            value={range}
            allowClear={false}
            // never an empty period: a cleared picker is the last twelve months again
            onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : lastYear())}
            disabledDate={(d) => day(d) > today}
            style={{ maxWidth: '100%' }}
          />
          <Select<PortalCostGroup>
            aria-label="Kelompokkan"
            value={groupBy}
            options={GROUP_OPTIONS}
            onChange={setGroupBy}
            prefix="Kelompokkan"
            style={{ minWidth: 180 }}
          />
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        Ban yang terpasang di unit Anda dalam periode ini; km dan aus dihitung sepanjang umur ban, biaya dari
        harga beli dan vulkanisir.
      </Typography.Text>
      {cost.data ? (
        <Typography.Paragraph type="secondary">Total: {totalText(cost.data.total)}</Typography.Paragraph>
      ) : null}
      <ResponsiveTable<TPortalTireCostRow>
        aria-label="Umur & biaya ban"
        rowKey={(r) => r.key ?? '-'}
        size="small"
        columns={columns}
        dataSource={cost.data?.rows ?? []}
        loading={cost.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: listEmptyText(cost, () => cost.refetch(), 'Tidak ada ban dalam periode ini') }}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        card={{ title: 'key', lines: ['tires', 'km_total', 'cost', 'cost_per_km'] }}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Ban scrap dalam periode
      </Typography.Title>
      <ResponsiveTable<TPortalScrapReason>
        aria-label="Ban scrap dalam periode"
        rowKey="reason"
        size="small"
        columns={scrapColumns}
        dataSource={cost.data?.scrapped ?? []}
        loading={cost.isFetching}
        // a failed request is said once, in the table above
        locale={{ emptyText: cost.isError ? '-' : 'Tidak ada ban scrap dalam periode ini' }}
        pagination={false}
        card={{ title: 'reason', lines: ['tires', 'km_avg'] }}
      />
    </Card>
  );
}
