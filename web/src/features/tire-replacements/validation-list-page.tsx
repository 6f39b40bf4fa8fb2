import { API } from '@itms/contracts/api';
import { PAGE_SIZES, ROW_REDIRECT_DELAY_MS } from '@itms/contracts/constants';
import type { TReplacementRow } from '@itms/contracts/tire-replacements';
import { Card, type InputRef, Modal, Spin, type TableColumnsType, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { KeyboardHelp, QUEUE_SHORTCUTS } from '../../components/keyboard-help';
import { WorkDay } from '../../components/late-tag';
import { QueueAge, QueueFilterBar, queueSearchOf, useQueueFilters } from '../../components/queue-filter-bar';
import { ResponsiveTable } from '../../components/responsive-table';
import { ListViewSwitch, RETURNS_VIEW, ReturnsTable, useListView } from '../../components/returns-view';
import { formatDate } from '../../lib/dayjs';
import { useListKeys } from '../../lib/use-list-keys';
import { usePagedList } from '../../lib/use-paged-list';

export const REDIRECT_NOTICE = 'Anda akan diarahkan ke form validasi pergantian';

const columns: TableColumnsType<TReplacementRow> = [
  { title: 'Id', dataIndex: 'id', key: 'id', width: 80 },
  { title: 'Tire Man', key: 'tireman', render: (_, r) => r.Tire_Man.name },
  { title: 'No. Body', key: 'plate', render: (_, r) => r.Unit.plate_number },
  { title: 'Lokasi', key: 'location', render: (_, r) => r.Location.name },
  // when the replacement was done (performed_at), tagged when it was sent late
  {
    title: 'Tanggal',
    key: 'date',
    render: (_, r) => <WorkDay date={formatDate(r.performed_at)} lateDays={r.late_days} />,
  },
  { title: 'Jam', dataIndex: 'time', key: 'time', width: 80 },
  { title: 'Umur', key: 'age', render: (_, r) => <QueueAge createdAt={r.createdAt} /> },
];

/** The wait dialog after choosing a row; goes to the form after ROW_REDIRECT_DELAY_MS. */
function RedirectDialog({
  row,
  onDone,
}: {
  row: TReplacementRow | null;
  onDone: (row: TReplacementRow) => void;
}) {
  useEffect(() => {
    if (!row) return;
    const timer = setTimeout(() => onDone(row), ROW_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [row, onDone]);
  return (
    <Modal
      open={Boolean(row)}
      title="Mohon tunggu"
      footer={null}
      closable={false}
      mask={{ closable: false }}
      width={400}
    >
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', padding: '8px 0' }}>
        <Spin size="large" />
        <div>
          <div>
            ID Unit: <strong>{row?.Unit.id}</strong> ({row?.Unit.plate_number})
          </div>
          <div>
            ID Pergantian: <strong>{row?.id}</strong>
          </div>
          <div style={{ marginTop: 6, color: 'rgba(0,0,0,0.6)' }}>{REDIRECT_NOTICE} ...</div>
        </div>
      </div>
    </Modal>
  );
}

/** Replacements waiting for the EDP, searchable; choosing a row asks for the wait dialog. */
function QueueTable({ onChoose }: { onChoose: (row: TReplacementRow) => void }) {
  // waiting for the EDP: searched, filtered and ordered in SQL, server-paged
  const filters = useQueueFilters();
  const list = usePagedList({
    endpoint: API.listReplacementQueue,
    sizes: PAGE_SIZES.validation,
    filters: { status: 'edp', ...filters },
  });
  const searchRef = useRef<InputRef>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const [help, setHelp] = useState(false);
  useListKeys({ rows: rowsRef, search: searchRef, onHelp: () => setHelp(true) });
  return (
    <div ref={rowsRef}>
      <QueueFilterBar list={list} filters={filters} searchRef={searchRef} />
      <Typography.Paragraph type="secondary">
        Pilih pergantian ban untuk divalidasi. Tekan ? untuk pintasan keyboard.
      </Typography.Paragraph>
      <ResponsiveTable<TReplacementRow>
        card={{ title: 'plate', lines: ['id', 'tireman', 'location', 'date'], tags: ['age'] }}
        {...list.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        onRow={(row) => ({
          onClick: () => onChoose(row),
          onKeyDown: (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onChoose(row);
            }
          },
          tabIndex: 0,
          'aria-label': `Buka pergantian ${row.id}`,
          style: { cursor: 'pointer' },
        })}
      />
      <KeyboardHelp open={help} onClose={() => setHelp(false)} shortcuts={QUEUE_SHORTCUTS} />
    </div>
  );
}

/**
 * Validasi Pergantian: replacements waiting for the EDP (Antrean) and those given back to the tire
 * man (Dikembalikan); a row opens its Form Pergantian.
 */
export default function ValidationListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { view, setView } = useListView();
  const [chosen, setChosen] = useState<TReplacementRow | null>(null);
  // the form keeps the queue's search and filters: 'Validasi & berikutnya' takes the next of them
  const search = queueSearchOf(params);
  const onDone = useCallback(
    (row: TReplacementRow) => navigate(`/pergantian/${row.id}${search}`),
    [navigate, search],
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Validasi Pergantian
        </Typography.Title>
        <ListViewSwitch view={view} onChange={setView} />
      </div>
      <Card>
        {view === 'returns' ? (
          <ReturnsTable
            endpoint={API.listReplacementReturns}
            noun="pergantian"
            onOpen={(row) => navigate(`/pergantian/${row.record_id}`)}
            other={{ to: `/validasi?view=${RETURNS_VIEW}`, label: 'Pengecekan yang dikembalikan' }}
          />
        ) : (
          <QueueTable onChoose={setChosen} />
        )}
      </Card>
      <RedirectDialog row={chosen} onDone={onDone} />
    </div>
  );
}
