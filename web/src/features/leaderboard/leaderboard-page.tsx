import { FileExcelOutlined, TrophyOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TLeaderboardEntry } from '@itms/contracts/reports';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { download as downloadFile, endpointKey } from '../../lib/api-client';
import { showApiError } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { rangeHeader, rangeOrMonth, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { usePagedList } from '../../lib/use-paged-list';

const MEDALS = ['#d4a106', '#8c8c8c', '#b36b2c'];

const columns: TableColumnsType<TLeaderboardEntry> = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
  {
    key: 'name',
    title: 'Nama',
    dataIndex: 'userName',
    render: (name: string, r) => (
      <span>
        {r.rank <= 3 ? (
          <TrophyOutlined
            style={{ color: MEDALS[r.rank - 1], marginInlineEnd: 8 }}
            aria-label={`Peringkat ${r.rank}`}
          />
        ) : (
          <Typography.Text type="secondary" style={{ display: 'inline-block', width: 22, fontSize: 12 }}>
            {r.rank}
          </Typography.Text>
        )}
        {name}
      </span>
    ),
  },
  { key: 'total', title: 'Total', dataIndex: 'highScore', align: 'right', width: 120, render: formatNumber },
];

/** /leaderboard: tire men ranked by checks made in a period (default the current month), 10 per page. */
export default function LeaderboardPage() {
  const title = useRouteMeta()?.title ?? 'Leaderboard';
  const [params] = useSearchParams();
  const range = rangeOrMonth(params);
  const filters = { dateStart: range.start, dateEnd: range.end };
  // with page and pageSize the server answers a page of the ranking
  const list = usePagedList<typeof API.getLeaderboard, TLeaderboardEntry>({
    endpoint: API.getLeaderboard,
    sizes: PAGE_SIZES.leaderboard,
    filters,
  });
  const total = list.data && !Array.isArray(list.data) ? list.data.total : undefined;
  const shown = useShownRange(range, list);
  const [downloading, setDownloading] = useState(false);

  const queryClient = useQueryClient();
  const search = (r: DateRange) => {
    // a search always asks the server, also for a range looked at a moment ago
    void queryClient.invalidateQueries({
      queryKey: endpointKey(API.getLeaderboard),
      refetchType: 'none',
    });
    if (r.start === range.start && r.end === range.end) void list.refetch();
    list.update({ start: r.start, end: r.end, page: undefined });
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        API.exportLeaderboard,
        { query: filters },
        `performance_${filters.dateStart}_${filters.dateEnd}.xlsx`,
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          title="Periode Leaderboard"
          value={range}
          onSearch={search}
          loading={list.isFetching}
          buttonText="Tampilkan"
        />
      </Card>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" role="status">
            {shown !== undefined && total !== undefined
              ? rangeHeader(`${total} tire man`, shown)
              : list.isError
                ? ''
                : 'Mengambil Data ...'}
          </Typography.Text>
          <Button icon={<FileExcelOutlined />} onClick={download} loading={downloading}>
            Export Excel
          </Button>
        </Flex>
        <Table<TLeaderboardEntry> {...list.tableProps} rowKey="id" size="middle" columns={columns} />
      </Card>
    </Flex>
  );
}
