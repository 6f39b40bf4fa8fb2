import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TMismatchRecordRow } from '@itms/contracts/mismatches';
import { Card, Flex, type TableColumnsType, Typography, theme } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, DateRangeSearch } from '../../components/date-range-search';
import { WorkDay } from '../../components/late-tag';
import { RecordFilterBar, recordFiltersFromParams } from '../../components/record-filter-bar';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatDate } from '../../lib/dayjs';
import { rangeHeader, rangeOrMonth, useShownRange } from '../../lib/record-range';
import { useRouteMeta } from '../../lib/route-meta';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { StatusTag } from './mismatch-format';
import { MismatchRecordModal } from './mismatch-record-modal';

const columns: TableColumnsType<TMismatchRecordRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  { key: 'tireman', title: 'Tire Man', render: (_, r) => r.tireman_bkb.name },
  { key: 'plate', title: 'No. Body', render: (_, r) => r.Unit.plate_number },
  { key: 'location', title: 'Lokasi', render: (_, r) => r.location ?? '-' },
  { key: 'category', title: 'Kategori', dataIndex: 'category' },
  {
    key: 'date',
    title: 'Tanggal',
    // the day the BKB was done (performed_at), tagged when it was sent late
    render: (_, r) => <WorkDay date={formatDate(r.date)} lateDays={r.late_days} />,
  },
  { key: 'time', title: 'Jam', dataIndex: 'time', width: 72 },
  { key: 'status', title: 'Status', render: (_, r) => <StatusTag status={r.status} />, width: 110 },
];

const ROW_CLASS = { pending: 'bkb-record-pending', approved: 'bkb-record-approved' } as const;

/** /mismatch-record (Rekam BKB): BKB of a date range, pending and approved, with their details. */
export default function MismatchRecordPage() {
  const title = useRouteMeta()?.title ?? 'Rekam BKB';
  const { token } = theme.useToken();
  const wide = useMediaQuery(DESKTOP_QUERY);
  const [params] = useSearchParams();
  const range = rangeOrMonth(params);
  const filters = recordFiltersFromParams(params);
  const search = { dateStart: range.start, dateEnd: range.end, ...filters };
  const list = usePagedList({
    endpoint: API.searchMismatchRecords,
    sizes: PAGE_SIZES.validation,
    filters: search,
  });
  const shown = useShownRange(range, list);
  const [openId, setOpenId] = useState<number | null>(null);

  const searchRange = (r: DateRange) => {
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
      <Typography.Title level={2} style={{ margin: 0, fontSize: wide ? 22 : 19 }}>
        {title}
      </Typography.Title>
      <Card styles={{ body: { padding: 0 } }} variant="borderless">
        <DateRangeSearch
          title="Pencarian BKB"
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
              endpoint={API.exportMismatchRecords}
              query={search}
              filename={`rekam-bkb_${range.start}_${range.end}.xlsx`}
            />
          }
        />
      </Card>
      <Card>
        <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" role="status">
            {shown !== undefined && list.data
              ? rangeHeader(`${list.data.total} BKB`, shown)
              : list.isError
                ? ''
                : 'Mengambil Data ...'}
          </Typography.Text>
          <Flex gap={12}>
            <StatusTag status="pending" />
            <StatusTag status="approved" />
          </Flex>
        </Flex>
        <ResponsiveTable<TMismatchRecordRow>
          card={{ title: 'plate', lines: ['id', 'tireman', 'category', 'date'], tags: ['status'] }}
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
            'aria-label': `BKB ${r.id} ${r.Unit.plate_number} ${r.status}`,
          })}
        />
      </Card>
      <MismatchRecordModal id={openId} onClose={() => setOpenId(null)} />
    </Flex>
  );
}
