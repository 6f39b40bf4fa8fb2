import { API } from '@itms/contracts/api';
import { PAGE_SIZES, ROW_REDIRECT_DELAY_MS } from '@itms/contracts/constants';
import type { TReplacementRow } from '@itms/contracts/tire-replacements';
import { Card, Input, Modal, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { LateTag } from '../../components/late-tag';
import { ListViewSwitch, RETURNS_VIEW, ReturnsTable, useListView } from '../../components/returns-view';
import { formatDate } from '../../lib/dayjs';
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
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.performed_at)}
        <LateTag days={r.late_days} />
      </span>
    ),
  },
  { title: 'Jam', dataIndex: 'time', key: 'time', width: 80 },
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
  // waiting for the EDP, newest first, server-paged
  const list = usePagedList({
    endpoint: API.listReplacementQueue,
    sizes: PAGE_SIZES.validation,
    filters: { status: 'edp' },
  });
  return (
    <>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          justifyContent: 'space-between',
          marginBottom: 12,
        }}
      >
        <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
          Pilih pergantian ban untuk divalidasi.
        </Typography.Text>
        <Input.Search
          allowClear
          defaultValue={list.q}
          placeholder="Cari No. Body, Tire Man atau Lokasi"
          aria-label="Cari pergantian"
          onSearch={list.setSearch}
          style={{ width: 320, maxWidth: '100%' }}
        />
      </div>
      <Table<TReplacementRow>
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
          style: { cursor: 'pointer' },
        })}
      />
    </>
  );
}

/**
 * Validasi Pergantian: replacements waiting for the EDP (Antrean) and those given back to the tire
 * man (Dikembalikan); a row opens its Form Pergantian.
 */
export default function ValidationListPage() {
  const navigate = useNavigate();
  const { view, setView } = useListView();
  const [chosen, setChosen] = useState<TReplacementRow | null>(null);
  const [onDone] = useState(() => (row: TReplacementRow) => navigate(`/pergantian/${row.id}`));

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
