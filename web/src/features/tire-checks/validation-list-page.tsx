import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TCheckQueueRow } from '@itms/contracts/tire-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LateTag } from '../../components/late-tag';
import { ListViewSwitch, RETURNS_VIEW, ReturnsTable, useListView } from '../../components/returns-view';
import { formatDate, formatTime } from '../../lib/dayjs';
import { usePagedList } from '../../lib/use-paged-list';
import { prefetchCheck } from './api/prefetch-check';
import { LoadingDialog } from './loading-dialog';

const columns: TableColumnsType<TCheckQueueRow> = [
  { title: 'Id Check', dataIndex: 'id', key: 'id', width: 100 },
  { title: 'Tire Man', key: 'tireman', render: (_, r) => r.tireman_tire_check.name },
  { title: 'No. Body', key: 'plate', render: (_, r) => r.Unit.plate_number || r.plate_number },
  { title: 'Lokasi', key: 'location', render: (_, r) => r.Location.name },
  { title: 'Project', dataIndex: 'project', key: 'project' },
  // when the check was done (performed_at), tagged when it was sent late
  {
    title: 'Tanggal',
    key: 'date',
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.performed_at)}
        <LateTag days={r.late_days} />
      </span>
    ),
  },
  { title: 'Jam', key: 'time', width: 80, render: (_, r) => formatTime(r.performed_at) },
];

/** The EDP queue: choosing a row fetches the check, then opens its Form Pengecekan. */
function QueueTable({ onOpen }: { onOpen: (id: number) => void }) {
  // GET /tire-check/noEdpSign: checks without EDP signature, newest first, server-paged
  const { tableProps } = usePagedList({ endpoint: API.listTireCheckQueue, sizes: PAGE_SIZES.validation });
  return (
    <>
      <Typography.Paragraph type="secondary">
        Pengecekan yang belum ditandatangani EDP, terbaru di atas. Pilih satu baris untuk membuka Form
        Pengecekan.
      </Typography.Paragraph>
      <Table<TCheckQueueRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        onRow={(row) => ({
          onClick: () => onOpen(row.id),
          onKeyDown: (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onOpen(row.id);
            }
          },
          tabIndex: 0,
          'aria-label': `Buka pengecekan ${row.id}`,
          style: { cursor: 'pointer' },
        })}
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
  const { view, setView } = useListView();
  const [opening, setOpening] = useState<number | null>(null);

  const open = async (id: number) => {
    if (opening !== null) return;
    setOpening(id);
    try {
      await prefetchCheck(queryClient, id);
      navigate(`/pengecekan/${id}`);
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
