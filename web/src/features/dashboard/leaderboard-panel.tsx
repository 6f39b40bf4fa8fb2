import { FileExcelOutlined, TrophyOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TLeaderboardEntry } from '@itms/contracts/reports';
import { Button, Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '../../components/load-error';
import { download as downloadFile } from '../../lib/api-client';
import { appTime } from '../../lib/dayjs';
import { showApiError } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';

const MEDALS = ['#d4a106', '#8c8c8c', '#b36b2c'];

const columns: TableColumnsType<TLeaderboardEntry> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 64 },
  {
    key: 'name',
    title: 'Nama',
    dataIndex: 'userName',
    render: (name: string, r) => (
      <span>
        {r.rank <= 3 ? (
          <TrophyOutlined
            style={{ color: MEDALS[r.rank - 1], marginInlineEnd: 6 }}
            aria-label={`Peringkat ${r.rank}`}
          />
        ) : null}
        {name}
      </span>
    ),
  },
  { key: 'total', title: 'Total', dataIndex: 'highScore', align: 'right', width: 90, render: formatNumber },
];

/**
 * The current month's leaderboard (the whole ranking, without paging: a plain array; 5 per page
 * here) with the performance Excel download of the current month.
 */
export function LeaderboardPanel() {
  const board = useEndpoint(API.getLeaderboard, {}, { meta: { silent: true } });
  // without page or pageSize the server answers the whole list
  const rows = Array.isArray(board.data) ? board.data : (board.data?.data ?? []);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const month = appTime().format('YYYY-MM');

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(API.exportLeaderboard, {}, `performance_${month}.xlsx`);
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <TrophyOutlined style={{ marginInlineEnd: 8 }} />
          Leaderboard
        </span>
      }
      extra={
        <Button size="small" icon={<FileExcelOutlined />} onClick={download} loading={downloading}>
          Download Performance
        </Button>
      }
    >
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
        Periode {appTime().format('MMMM YYYY')}
      </Typography.Text>
      {board.isError ? (
        <LoadError error={board.error} onRetry={() => board.refetch()} retrying={board.isFetching} />
      ) : (
        <Table<TLeaderboardEntry>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={board.isFetching}
          pagination={{
            current: page,
            onChange: setPage,
            pageSize: PAGE_SIZES.dashboardLeaderboard.default,
            showSizeChanger: false,
            size: 'small',
          }}
          locale={{ emptyText: 'Tidak ada data' }}
        />
      )}
    </Card>
  );
}
