import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { MISSING_NAME, type TReplacementRecordRow } from '@itms/contracts/reports';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { LateTag } from '../../components/late-tag';
import { RecordFilterBar, recordFiltersFromParams } from '../../components/record-filter-bar';
import { ReplacementDetailModal } from '../../components/replacement-detail/replacement-detail-modal';
import { ReplacementStatusTag } from '../../components/replacement-detail/replacement-status-tag';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { endpointKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dayjs';
import { rangeFromParams, rangeHeader, requestRange, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { usePagedList } from '../../lib/use-paged-list';

const orMissing = (name: string | null | undefined) => (name?.trim() ? name : MISSING_NAME);

const columns: TableColumnsType<TReplacementRecordRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  { key: 'tireman', title: 'Tire Man', render: (_, r) => orMissing(r.Tire_Man?.name) },
  {
    key: 'plate',
    title: 'No. Body',
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.plate_number}</span>,
  },
  { key: 'location', title: 'Lokasi', render: (_, r) => orMissing(r.Location?.name) },
  {
    key: 'date',
    title: 'Tanggal',
    // the day the work was done (performed_at), tagged when it was sent late
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.date)}
        <LateTag days={r.late_days} />
      </span>
    ),
  },
  { key: 'time', title: 'Jam', dataIndex: 'time', width: 72 },
  {
    key: 'status',
    title: 'Status',
    render: (_, r) => <ReplacementStatusTag status={r.status} />,
    width: 120,
  },
];

const ROW_CLASS = { pending: 'replacement-record-pending', approved: 'replacement-record-approved' } as const;

/** /replacement-record (Riwayat Pergantian): replacements of a date range with their details. */
export default function ReplacementRecordsPage() {
  const title = useRouteMeta()?.title ?? 'Riwayat Pergantian';
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  // opens on the whole history, newest first; the date search narrows it
  const range = rangeFromParams(params);
  const asked = requestRange(range);
  const filters = recordFiltersFromParams(params);
  const search = { dateStart: asked.start, dateEnd: asked.end, ...filters };
  const list = usePagedList({
    endpoint: API.searchReplacementRecords,
    sizes: PAGE_SIZES.validation,
    filters: search,
  });
  const shown = useShownRange(range, list);
  const [openId, setOpenId] = useState<number | null>(null);

  const queryClient = useQueryClient();
  const searchRange = (r: DateRange) => {
    // a search always asks the server, also for a range looked at a moment ago
    void queryClient.invalidateQueries({
      queryKey: endpointKey(API.searchReplacementRecords),
      refetchType: 'none',
    });
    // the same range again still asks the server (a shortcut is also a refresh)
    if (r.start === range?.start && r.end === range?.end) void list.refetch();
    list.update({ start: r.start, end: r.end, page: undefined });
  };

  return (
    <Flex vertical gap={16}>
      <style>{`
        .${ROW_CLASS.pending} > td { background: ${token.colorErrorBg} !important; }
        .${ROW_CLASS.pending}:hover > td { background: ${token.colorErrorBgHover} !important; }
        .${ROW_CLASS.approved} > td { background: ${token.colorSuccessBg} !important; }
        .${ROW_CLASS.approved}:hover > td { background: ${token.colorSuccessBgHover} !important; }
      `}</style>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          // the pickers follow the URL (also back to the whole history)
          key={range ? `${range.start}_${range.end}` : 'all'}
          title="Pencarian Pergantian"
          value={range}
          onSearch={searchRange}
          loading={list.isFetching}
          buttonText="Cari Pergantian"
        />
      </Card>
      <Card size="small">
        <RecordFilterBar
          value={filters}
          onChange={(key, v) => list.update({ [key]: v, page: undefined })}
          extra={
            <XlsxExportButton
              endpoint={API.exportReplacementRecords}
              query={search}
              filename={`riwayat-pergantian_${asked.start}_${asked.end}.xlsx`}
            />
          }
        />
      </Card>
      <Card>
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text type="secondary" role="status">
              {shown !== undefined && list.data
                ? rangeHeader(`${list.data.total} pergantian`, shown)
                : list.isError
                  ? ''
                  : 'Mengambil Data ...'}
            </Typography.Text>
            {range ? (
              <Button
                size="small"
                onClick={() => list.update({ start: undefined, end: undefined, page: undefined })}
              >
                Tampilkan semua riwayat
              </Button>
            ) : null}
          </Flex>
          <Flex gap={12}>
            <ReplacementStatusTag status="pending" />
            <ReplacementStatusTag status="approved" />
          </Flex>
        </Flex>
        <ResponsiveTable<TReplacementRecordRow>
          card={{ title: 'plate', lines: ['id', 'tireman', 'location', 'date'], tags: ['status'] }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 'max-content', y: 600 }}
          rowClassName={(r) => ROW_CLASS[r.status]}
          onRow={(r) => ({
            onClick: () => setOpenId(r.id),
            onKeyDown: (e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                setOpenId(r.id);
              }
            },
            tabIndex: 0,
            style: { cursor: 'pointer' },
            'aria-label': `Pergantian ${r.id} ${r.plate_number} ${r.status}`,
          })}
        />
      </Card>
      <ReplacementDetailModal
        id={openId}
        onClose={() => setOpenId(null)}
        // after a delete the list is stale (the delete itself drops the replacement)
        onDeleted={() =>
          queryClient.invalidateQueries({ queryKey: endpointKey(API.searchReplacementRecords) })
        }
      />
    </Flex>
  );
}
