import { API } from '@itms/contracts/api';
import {
  STORING_GROUP_LABELS,
  STORING_GROUPS,
  type TStoringGroup,
  type TStoringReportRow,
} from '@itms/contracts/storing';
import { Drawer, Flex, Segmented, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { type DateRange, DateRangeSearch, shortcutRange } from '../../components/date-range-search';
import { LoadError } from '../../components/load-error';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { durationText } from './duration-text';

function columnsFor(groupBy: TStoringGroup): TableColumnsType<TStoringReportRow> {
  return [
    { key: 'label', dataIndex: 'label', title: STORING_GROUP_LABELS[groupBy], fixed: 'left' },
    { key: 'calls', title: 'Panggilan', align: 'right', render: (_v, r) => formatNumber(r.calls) },
    { key: 'done', title: 'Selesai', align: 'right', render: (_v, r) => formatNumber(r.done) },
    { key: 'open', title: 'Terbuka', align: 'right', render: (_v, r) => formatNumber(r.open) },
    {
      key: 'response',
      title: 'Respons',
      render: (_v, r) => `${durationText(r.response_median)} / ${durationText(r.response_p90)}`,
    },
    {
      key: 'roll',
      title: 'Roll time',
      render: (_v, r) => `${durationText(r.roll_median)} / ${durationText(r.roll_p90)}`,
    },
    {
      key: 'breaches',
      title: 'Lewat target',
      align: 'right',
      render: (_v, r) => `${formatNumber(r.response_breaches)} / ${formatNumber(r.roll_breaches)}`,
    },
  ];
}

/**
 * 'Laporan' of /storing (issue 38, item 4): the calls taken on the days picked, by customer, project,
 * tire man or cause: how many, how fast (median and 90th percentile of response and roll time, from
 * the server's SQL) and the targets missed, with the total; the same as an Excel file.
 */
export function StoringReportDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [range, setRange] = useState<DateRange>(() => shortcutRange('Bulan ini'));
  const [groupBy, setGroupBy] = useState<TStoringGroup>('customer');
  const query = { dateStart: range.start, dateEnd: range.end, groupBy };
  const report = useEndpoint(API.getStoringReport, { query }, { enabled: open });
  const columns = columnsFor(groupBy);
  const total = report.data?.total;

  return (
    <Drawer open={open} onClose={onClose} title="Laporan Storing" size="large" destroyOnHidden>
      <Flex vertical gap={16}>
        <DateRangeSearch title="Periode panggilan" value={range} onSearch={setRange} buttonText="Tampilkan" />
        <Flex gap={12} wrap justify="space-between" align="center">
          <Segmented
            aria-label="Kelompokkan per"
            value={groupBy}
            options={STORING_GROUPS.map((g) => ({ value: g, label: STORING_GROUP_LABELS[g] }))}
            onChange={(v) => setGroupBy(v as TStoringGroup)}
          />
          <XlsxExportButton
            endpoint={API.exportStoringReport}
            query={query}
            filename={`storing_${range.start}_${range.end}.xlsx`}
            label="Download Excel"
          />
        </Flex>
        {report.isError ? (
          <LoadError error={report.error} onRetry={() => report.refetch()} retrying={report.isFetching} />
        ) : (
          <Table<TStoringReportRow>
            aria-label="Laporan storing"
            rowKey="key"
            size="small"
            pagination={false}
            loading={report.isFetching}
            columns={columns}
            dataSource={report.data?.rows ?? []}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: 'Tidak ada panggilan storing pada periode ini' }}
            summary={() =>
              total && total.calls > 0 ? (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    {columns.map((c, i) => (
                      <Table.Summary.Cell key={String(c.key)} index={i} align={c.align}>
                        <Typography.Text strong>
                          {'render' in c && c.render
                            ? (c.render(undefined, total, 0) as string)
                            : total.label}
                        </Typography.Text>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        )}
        <Typography.Text type="secondary">
          Respons: dari panggilan sampai tire man tiba. Roll time: dari panggilan sampai Selesai. Ditulis
          median / p90, dari panggilan yang sudah sampai di langkah itu. Lewat target: respons / roll time.
        </Typography.Text>
      </Flex>
    </Drawer>
  );
}
