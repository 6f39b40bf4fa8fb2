import { CheckOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { BULK_VALIDATE_MAX, type TCheckQueueRow } from '@itms/contracts/tire-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, type InputRef, type TableColumnsType, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { KeyboardHelp, QUEUE_SHORTCUTS } from '../../components/keyboard-help';
import { WorkDay } from '../../components/late-tag';
import { LoadingDialog } from '../../components/loading-dialog';
import { QueueAge, QueueFilterBar, queueSearchOf, useQueueFilters } from '../../components/queue-filter-bar';
import { ResponsiveTable } from '../../components/responsive-table';
import { ListViewSwitch, RETURNS_VIEW, ReturnsTable, useListView } from '../../components/returns-view';
import { formatDate, formatTime } from '../../lib/dayjs';
import { useListKeys } from '../../lib/use-list-keys';
import { usePagedList } from '../../lib/use-paged-list';
import { prefetchCheck } from './api/prefetch-check';
import { BulkValidateModal } from './bulk-validate-modal';

const columns: TableColumnsType<TCheckQueueRow> = [
  { title: 'Id Check', dataIndex: 'id', key: 'id', width: 100 },
  { title: 'Tire Man', key: 'tireman', render: (_, r) => r.tireman_tire_check.name },
  { title: 'No. Body', key: 'plate', render: (_, r) => r.Unit.plate_number || r.plate_number },
  { title: 'Lokasi', key: 'location', render: (_, r) => r.Location.name },
  { title: 'Project', dataIndex: 'project', key: 'project' },
  // when the check was done (performed_at), tagged when it was sent late (the tag wraps under
  // the date: on one line they pushed the last column out of a 1440 px screen)
  {
    title: 'Tanggal',
    key: 'date',
    render: (_, r) => <WorkDay date={formatDate(r.performed_at)} lateDays={r.late_days} />,
  },
  { title: 'Jam', key: 'time', width: 80, render: (_, r) => formatTime(r.performed_at) },
  { title: 'Umur', key: 'age', render: (_, r) => <QueueAge createdAt={r.createdAt} /> },
];

/** The EDP queue: choosing a row fetches the check, then opens its Form Pengecekan. */
function QueueTable({ onOpen }: { onOpen: (id: number) => void }) {
  // GET /tire-check/noEdpSign: searched, filtered and ordered in SQL, server-paged
  const filters = useQueueFilters();
  const list = usePagedList({ endpoint: API.listTireCheckQueue, sizes: PAGE_SIZES.validation, filters });
  const searchRef = useRef<InputRef>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const [help, setHelp] = useState(false);
  const [selected, setSelected] = useState<TCheckQueueRow[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  useListKeys({ rows: rowsRef, search: searchRef, onHelp: () => setHelp(true) });

  return (
    <>
      <QueueFilterBar list={list} filters={filters} searchRef={searchRef} />
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 12,
        }}
      >
        <Typography.Text type="secondary">
          Pilih satu baris untuk membuka Form Pengecekan, atau centang beberapa yang tidak perlu diubah untuk
          divalidasi sekaligus.
        </Typography.Text>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            onClick={() => setBulkOpen(true)}
          >
            Validasi terpilih ({selected.length})
          </Button>
          <Button
            icon={<QuestionCircleOutlined />}
            onClick={() => setHelp(true)}
            aria-label="Pintasan keyboard"
          >
            ?
          </Button>
        </div>
      </div>
      <div ref={rowsRef}>
        <ResponsiveTable<TCheckQueueRow>
          card={{ title: 'plate', lines: ['id', 'tireman', 'location', 'date'], tags: ['age'] }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          rowSelection={{
            selectedRowKeys: selected.map((r) => r.id),
            onChange: (_, rows) => setSelected(rows.slice(0, BULK_VALIDATE_MAX)),
            preserveSelectedRowKeys: true,
            getCheckboxProps: (r) => ({ 'aria-label': `Pilih pengecekan ${r.id}` }),
          }}
          onRow={(row) => ({
            onClick: (e) => {
              // the checkbox cell selects, it does not open
              if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
              onOpen(row.id);
            },
            onKeyDown: (e) => {
              if (e.target !== e.currentTarget) return;
              if (e.key === 'Enter') {
                e.preventDefault();
                onOpen(row.id);
              } else if (e.key === ' ' || e.key === 'x') {
                // space or x ticks the row for the bulk validation
                e.preventDefault();
                setSelected((s) =>
                  s.some((r) => r.id === row.id)
                    ? s.filter((r) => r.id !== row.id)
                    : [...s, row].slice(0, BULK_VALIDATE_MAX),
                );
              }
            },
            tabIndex: 0,
            'aria-label': `Buka pengecekan ${row.id}`,
            style: { cursor: 'pointer' },
          })}
        />
      </div>
      <BulkValidateModal
        rows={selected}
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        onDone={() => {
          setBulkOpen(false);
          setSelected([]);
        }}
      />
      <KeyboardHelp
        open={help}
        onClose={() => setHelp(false)}
        shortcuts={[...QUEUE_SHORTCUTS, { keys: ['x'], text: 'Centang baris untuk validasi sekaligus' }]}
      />
    </>
  );
}

/**
 * Validasi Pengecekan: the checks without EDP signature (Antrean) and the checks given back to the
 * tire man (Dikembalikan); choosing one opens its Form Pengecekan.
 */
export default function ValidationListPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { view, setView } = useListView();
  const [opening, setOpening] = useState<number | null>(null);

  const open = async (id: number) => {
    if (opening !== null) return;
    setOpening(id);
    try {
      await prefetchCheck(queryClient, id);
      // the form keeps the queue's search and filters: 'Validasi & berikutnya' takes the next of them
      navigate(`/pengecekan/${id}${queueSearchOf(params)}`);
    } catch {
      // the failed query already showed the 'Oops...' dialog; stay on the list
    } finally {
      setOpening(null);
    }
  };

  return (
    <Card>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 12,
        }}
      >
        <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
          Validasi Pengecekan
        </Typography.Title>
        <ListViewSwitch view={view} onChange={setView} />
      </div>
      {view === 'returns' ? (
        <ReturnsTable
          endpoint={API.listTireCheckReturns}
          noun="pengecekan"
          onOpen={(row) => void open(row.record_id)}
          other={{ to: `/validasi-pergantian?view=${RETURNS_VIEW}`, label: 'Pergantian yang dikembalikan' }}
        />
      ) : (
        <QueueTable onOpen={(id) => void open(id)} />
      )}
      <LoadingDialog open={opening !== null} text="Mengambil Data ..." />
    </Card>
  );
}
