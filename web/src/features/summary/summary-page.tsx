import { FileExcelOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { download as downloadFile, endpointKey } from '../../lib/api-client';
import { errorText, showApiError } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { rangeHeader, rangeOrMonth, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { useEndpoint } from '../../lib/use-endpoint';
import { RegionCard } from './region-card';

/**
 * /summary (Summary Pengecekan): one gauge card per region for a date range (default the current
 * month); ?region=<id> (the dashboard's Detail) highlights and scrolls to that region.
 */
export default function SummaryPage() {
  const title = useRouteMeta()?.title ?? 'Summary Pengecekan';
  const [params, setParams] = useSearchParams();
  const range = rangeOrMonth(params);
  const body = { dateStart: range.start, dateEnd: range.end };
  // the default range (this month) is the dashboard table's query: one cache entry for both
  const summary = useEndpoint(
    API.getCheckSummary,
    { body },
    { meta: { silent: true }, placeholderData: keepPreviousData },
  );
  const shown = useShownRange(range, summary);
  const [downloading, setDownloading] = useState(false);
  const focusId = Number(params.get('region')) || null;
  const focusRef = useRef<HTMLDivElement>(null);
  const hasData = Boolean(summary.data);

  // scroll to the region the dashboard's Detail asked for, once its card is there
  useEffect(() => {
    if (focusId && hasData) focusRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [focusId, hasData]);

  const queryClient = useQueryClient();
  const search = (r: DateRange) => {
    // a search always asks the server, also for a range looked at a moment ago
    void queryClient.invalidateQueries({
      queryKey: endpointKey(API.getCheckSummary),
      refetchType: 'none',
    });
    if (r.start === range.start && r.end === range.end) void summary.refetch();
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('start', r.start);
        p.set('end', r.end);
        return p;
      },
      { replace: true },
    );
  };

  const download = async () => {
    setDownloading(true);
    try {
      await downloadFile(
        API.exportCheckSummary,
        { body },
        `summary-pengecekan_${body.dateStart}_${body.dateEnd}.xlsx`,
      );
    } catch (err) {
      showApiError(err);
    } finally {
      setDownloading(false);
    }
  };

  const rows = summary.data?.data ?? [];
  const totals = rows.reduce((a, r) => ({ total: a.total + r.total, approved: a.approved + r.approved }), {
    total: 0,
    approved: 0,
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          title="Ganti Pencarian"
          value={range}
          onSearch={search}
          loading={summary.isFetching}
        />
      </Card>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" role="status">
          {summary.data && shown
            ? rangeHeader(
                `${rows.length} region · ${formatNumber(totals.total)} pengecekan · ${formatNumber(totals.approved)} approved`,
                shown,
              )
            : summary.isError
              ? ''
              : 'Mengambil Data ...'}
        </Typography.Text>
        <Button
          icon={<FileExcelOutlined />}
          onClick={download}
          loading={downloading}
          disabled={!summary.data}
          title={summary.data ? undefined : 'Data region belum dimuat'}
        >
          Export
        </Button>
      </Flex>
      {summary.isError ? (
        <Alert
          type="error"
          showIcon
          title="Harap refresh page ini"
          description={errorText(summary.error)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => summary.refetch()} loading={summary.isFetching}>
              Muat ulang
            </Button>
          }
        />
      ) : summary.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={12} xxl={8}>
              <Card>
                <Skeleton active avatar={{ size: 120 }} paragraph={{ rows: 4 }} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : rows.length === 0 ? (
        <Card>
          <Empty description="Tidak ada data" />
        </Card>
      ) : (
        <Row gutter={[16, 16]} style={{ opacity: summary.isFetching ? 0.6 : 1, transition: 'opacity 0.2s' }}>
          {rows.map((row) => (
            <Col key={row.id} xs={24} md={12} xxl={8}>
              <RegionCard
                row={row}
                days={summary.data?.days ?? 0}
                daysToDate={summary.data?.daysToDate ?? 0}
                highlighted={row.id === focusId}
                ref={row.id === focusId ? focusRef : undefined}
              />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
