import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { MISSING_NAME, type TCheckRecordRow } from '@itms/contracts/reports';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CheckDetailModal } from '../../components/check-detail/check-detail-modal';
import { CheckStatusTag } from '../../components/check-detail/check-status-tag';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { LateTag } from '../../components/late-tag';
import { RecordFilterBar, recordFiltersFromParams } from '../../components/record-filter-bar';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { endpointKey } from '../../lib/api-client';
import { formatDate } from '../../lib/dayjs';
import { rangeHeader, rangeOrMonth, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { usePagedList } from '../../lib/use-paged-list';

const orMissing = (name: string | null | undefined) => (name?.trim() ? name : MISSING_NAME);

const columns: TableColumnsType<TCheckRecordRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  { key: 'tireman', title: 'Tire Man', render: (_, r) => orMissing(r.tireman_tire_check?.name) },
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
  { key: 'status', title: 'Status', render: (_, r) => <CheckStatusTag status={r.status} />, width: 120 },
];

const ROW_CLASS = { pending: 'check-record-pending', approved: 'check-record-approved' } as const;

/** /tirecheck-record (Rekam Pengecekan): checks of a date range, pending and approved, with their details. */
export default function CheckRecordsPage() {
  const title = useRouteMeta()?.title ?? 'Rekam Pengecekan';
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const range = rangeOrMonth(params);
  const filters = recordFiltersFromParams(params);
  const search = { dateStart: range.start, dateEnd: range.end, ...filters };
  // POST /tire-check/querry/record/search {dateStart, dateEnd, unit_id, tireman_id, location_id, status, page, pageSize}
  const list = usePagedList({
    endpoint: API.searchCheckRecords,
    sizes: PAGE_SIZES.validation,
    filters: search,
  });
  const shown = useShownRange(range, list);
  const [openId, setOpenId] = useState<number | null>(null);

  const queryClient = useQueryClient();
  const searchRange = (r: DateRange) => {
    // a search always asks the server, also for a range looked at a moment ago
    void queryClient.invalidateQueries({
      queryKey: endpointKey(API.searchCheckRecords),
      refetchType: 'none',
    });
    // the same range again still asks the server (a shortcut is also a refresh)
    if (r.start === range.start && r.end === range.end) void list.refetch();
    list.update({ start: r.start, end: r.end, page: undefined });
  };

  return (
    <Flex vertical gap={16}>
      <style>{`
        .${ROW_CLASS.pending} > td { background: ${token.colorWarningBg} !important; }
        .${ROW_CLASS.pending}:hover > td { background: ${token.colorWarningBgHover} !important; }
        .${ROW_CLASS.approved} > td { background: ${token.colorSuccessBg} !important; }
        .${ROW_CLASS.approved}:hover > td { background: ${token.colorSuccessBgHover} !important; }
      `}</style>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          title="Pencarian Pengecekan"
          value={range}
          onSearch={searchRange}
          loading={list.isFetching}
        />
      </Card>
      <Card size="small">
        <RecordFilterBar
          value={filters}
          onChange={(key, v) => list.update({ [key]: v, page: undefined })}
          extra={
            <XlsxExportButton
              endpoint={API.exportCheckRecords}
              query={search}
              filename={`rekam-pengecekan_${range.start}_${range.end}.xlsx`}
            />
          }
        />
      </Card>
      <Card>
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" role="status">
            {shown !== undefined && list.data
              ? rangeHeader(`${list.data.total} pengecekan`, shown)
              : list.isError
                ? ''
                : 'Mengambil Data ...'}
          </Typography.Text>
          <Flex gap={12}>
            <CheckStatusTag status="pending" />
            <CheckStatusTag status="approved" />
          </Flex>
        </Flex>
        <ResponsiveTable<TCheckRecordRow>
          card={{ title: 'plate', lines: ['id', 'tireman', 'location', 'date'], tags: ['status'] }}
          aria-label="Daftar pengecekan"
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
            'aria-label': `Pengecekan ${r.id} ${r.plate_number} ${r.status}`,
          })}
        />
      </Card>
      <CheckDetailModal
        id={openId}
        onClose={() => setOpenId(null)}
        // the list is stale after a delete (the detail modal refreshes its own query)
        onDeleted={() => queryClient.invalidateQueries({ queryKey: endpointKey(API.searchCheckRecords) })}
      />
    </Flex>
  );
}
