import type { TCheckQueueRow } from '@itms/contracts/tire-checks';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LateTag } from '../../components/late-tag';
import { formatDate, formatTime } from '../../lib/dayjs';
import { useCheckQueue } from './api/get-check-queue';
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

/** Validasi Pengecekan: checks without EDP signature; choosing one opens the Form Pengecekan. */
export default function ValidationListPage() {
  const { tableProps } = useCheckQueue();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opening, setOpening] = useState<number | null>(null);

  const open = async (row: TCheckQueueRow) => {
    if (opening !== null) return;
    setOpening(row.id);
    try {
      await prefetchCheck(queryClient, row.id);
      navigate(`/pengecekan/${row.id}`);
    } catch {
      // the failed query already showed the 'Oops...' dialog; stay on the list
    } finally {
      setOpening(null);
    }
  };

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 24 }}>
        Validasi Pengecekan
      </Typography.Title>
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
          onClick: () => void open(row),
          onKeyDown: (e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              void open(row);
            }
          },
          tabIndex: 0,
          'aria-label': `Buka pengecekan ${row.id}`,
          style: { cursor: 'pointer' },
        })}
      />
      <LoadingDialog open={opening !== null} text="Mengambil Data ..." />
    </Card>
  );
}
