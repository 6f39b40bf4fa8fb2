import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TSummaryRow } from '@itms/contracts/reports';
import { Card, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { shortcutRange } from '../../components/date-range-search';
import { LinkButton } from '../../components/link-button';
import { LoadError } from '../../components/load-error';
import { appTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';

const waiting = (title: string, hint: string, key: keyof TSummaryRow) => ({
  key,
  title: <Tooltip title={hint}>{title}</Tooltip>,
  dataIndex: key,
  align: 'right' as const,
  width: 70,
  render: formatNumber,
});

const columns: TableColumnsType<TSummaryRow> = [
  { key: 'region', title: 'Lokasi', dataIndex: 'region' },
  waiting('PIC', 'Menunggu tanda tangan PIC', 'awaiting_pic'),
  waiting('EDP', 'Menunggu validasi EDP', 'awaiting_edp'),
  waiting('WS', 'Menunggu tanda tangan workshop', 'awaiting_workshop'),
  { key: 'total', title: 'Total', dataIndex: 'total', align: 'right', width: 80, render: formatNumber },
  {
    key: 'leader',
    title: 'Leader',
    dataIndex: 'leader',
    render: (v: string | null) => v ?? <Typography.Text type="secondary">-</Typography.Text>,
  },
  {
    key: 'detail',
    title: 'Aksi',
    width: 96,
    render: (_, r) => (
      <LinkButton
        to={`/summary?region=${r.id}`}
        size="small"
        aria-label={`Detail ${r.region}`}
        icon={<RightOutlined />}
        iconPlacement="end"
      >
        Detail
      </LinkButton>
    ),
  },
];

/**
 * This month's checks per region: awaiting PIC / EDP / workshop, total and leader, with Detail. The
 * same query as /summary's default range, so the two share one cache entry.
 */
export function RegionSummaryPanel() {
  const range = useMemo(() => {
    const r = shortcutRange('Bulan ini');
    return { dateStart: r.start, dateEnd: r.end };
  }, []);
  const summary = useEndpoint(API.getCheckSummary, { body: range }, { meta: { silent: true } });

  return (
    <Card
      title={
        <span>
          <EnvironmentOutlined style={{ marginInlineEnd: 8 }} />
          Summary Pengecekan per Region
        </span>
      }
    >
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        Periode {appTime(range.dateStart).format('MMMM YYYY')}. PIC, EDP dan WS: pengecekan yang menunggu
        tanda tangan PIC, validasi EDP dan tanda tangan workshop.
      </Typography.Text>
      {summary.isError ? (
        <LoadError error={summary.error} onRetry={() => summary.refetch()} retrying={summary.isFetching} />
      ) : (
        <Table<TSummaryRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={summary.data?.data ?? []}
          loading={summary.isFetching}
          pagination={{
            pageSize: PAGE_SIZES.dashboardSummary.default,
            hideOnSinglePage: true,
            showSizeChanger: false,
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: 'Tidak ada data' }}
        />
      )}
    </Card>
  );
}
