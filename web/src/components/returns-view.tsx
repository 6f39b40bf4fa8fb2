import type { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TReturnsListRow } from '@itms/contracts/submission-returns';
import { Segmented, type TableColumnsType, Typography } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../lib/dayjs';
import { usePagedList } from '../lib/use-paged-list';
import { LinkButton } from './link-button';
import { ResponsiveTable } from './responsive-table';
import { ResubmittedTag } from './return-history';

/** `?view=dikembalikan` opens a validation list on its 'Dikembalikan' view (the dashboard links it). */
export const RETURNS_VIEW = 'dikembalikan';
export type ListView = 'queue' | 'returns';

/** The validation list's view, kept in the URL so that links, reload and Back restore it. */
export function useListView() {
  const [params, setParams] = useSearchParams();
  const view: ListView = params.get('view') === RETURNS_VIEW ? 'returns' : 'queue';
  const setView = useCallback(
    (next: ListView) => {
      // each view has its own pages: start the other one on its first page
      setParams(next === 'returns' ? { view: RETURNS_VIEW } : {}, { replace: true });
    },
    [setParams],
  );
  return { view, setView };
}

/** The queue and 'Dikembalikan' of a validation list. */
export function ListViewSwitch({ view, onChange }: { view: ListView; onChange: (v: ListView) => void }) {
  return (
    <Segmented<ListView>
      aria-label="Tampilan daftar"
      value={view}
      onChange={onChange}
      options={[
        { label: 'Antrean', value: 'queue' },
        { label: 'Dikembalikan', value: 'returns' },
      ]}
    />
  );
}

const columns: TableColumnsType<TReturnsListRow> = [
  { title: 'Id', dataIndex: 'record_id', key: 'record_id', width: 80 },
  { title: 'No. Body', dataIndex: 'plate_number', key: 'plate' },
  { title: 'Tire Man', key: 'tireman', render: (_, r) => r.tireman.name },
  { title: 'Dikembalikan oleh', key: 'by', render: (_, r) => r.returned_by?.name ?? '-' },
  {
    title: 'Waktu',
    key: 'at',
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.returned_at)}</span>,
  },
  {
    title: 'Alasan',
    dataIndex: 'reason',
    key: 'reason',
    render: (reason: string) => (
      <div style={{ minWidth: 180, maxWidth: 360, whiteSpace: 'normal' }}>{reason}</div>
    ),
  },
  {
    title: 'Status',
    key: 'resubmitted',
    render: (_, r) => <ResubmittedTag at={r.resubmitted_at} />,
  },
];

export interface ReturnsTableProps {
  /** The returns list: `API.listTireCheckReturns` or `API.listReplacementReturns`. */
  endpoint: typeof API.listTireCheckReturns | typeof API.listReplacementReturns;
  /** What a row is ('pengecekan', 'pergantian'), for the row's accessible name. */
  noun: string;
  onOpen: (row: TReturnsListRow) => void;
  /** The other kind's 'Dikembalikan' view. */
  other: { to: string; label: string };
}

/** 'Dikembalikan': every Return, newest first, paged on the server; a row opens the document. */
export function ReturnsTable({ endpoint, noun, onOpen, other }: ReturnsTableProps) {
  const list = usePagedList({ endpoint, sizes: PAGE_SIZES.validation });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between' }}>
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          Dikembalikan ke tire man beserta alasannya, terbaru di atas.
        </Typography.Text>
        <LinkButton to={other.to} type="link" style={{ paddingInline: 0 }}>
          {other.label}
        </LinkButton>
      </div>
      <ResponsiveTable<TReturnsListRow>
        card={{ title: 'plate', lines: ['record_id', 'tireman', 'by', 'reason'], tags: ['resubmitted'] }}
        {...list.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        onRow={(row) => ({
          onClick: () => onOpen(row),
          onKeyDown: (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onOpen(row);
            }
          },
          tabIndex: 0,
          'aria-label': `Buka ${noun} ${row.record_id}`,
          style: { cursor: 'pointer' },
        })}
      />
    </div>
  );
}
