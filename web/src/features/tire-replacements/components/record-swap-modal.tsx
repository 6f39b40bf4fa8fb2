import { SearchOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES, SERIAL_SEARCH_DEBOUNCE_MS } from '@itms/contracts/constants';
import { REPLACEMENT_MESSAGES, type TReplaceRecord } from '@itms/contracts/tire-replacements';
import type { TTireSnLite } from '@itms/contracts/tires';

/** A tire the record may be swapped to, as the serial list shows it. */
type SwapTire = Pick<TTireSnLite, 'id' | 'serial_number' | 'ir_brand' | 'status'>;

import { keepPreviousData } from '@tanstack/react-query';
import { App, Button, Form, Grid, Input, Modal, Table, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { formatNumber } from '../../../lib/number-format';
import { NOT_SAVED } from '../../../lib/use-close-guard';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useEndpoint } from '../../../lib/use-endpoint';
import { useUpdateReplaceRecord } from '../api/update-replace-record';

export const SWAP_CONFIRM = 'Ganti rekam pergantian dengan ban ini ?';

const statusColor = (s: string) =>
  s === 'INSTALLED' ? '#1554c0' : s === 'UNINSTALLED' ? '#389e0d' : '#8c8c8c';

export interface RecordSwapModalProps {
  open: boolean;
  record: TReplaceRecord | null;
  onClose: () => void;
}

/** The before/after table of the swap confirmation. */
export function SwapCompareTable({ from, to }: { from: TReplaceRecord; to: SwapTire }) {
  const cell = { padding: '6px 10px', borderBottom: '1px solid #eef0f4', textAlign: 'left' as const };
  const rows: [string, string | number, string | number][] = [
    ['Id Ban', from.tire_id ?? '-', to.id],
    ['S/N', from.serial_number, to.serial_number],
    ['Ir Brand', from.ir_brand || '-', to.ir_brand || '-'],
  ];
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', marginTop: 8 }}>
      <thead>
        <tr>
          <th style={cell} />
          <th style={cell}>Sebelum</th>
          <th style={cell}>Sesudah</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, a, b]) => (
          <tr key={label}>
            <th scope="row" style={{ ...cell, fontWeight: 500, color: 'rgba(0,0,0,0.55)' }}>
              {label}
            </th>
            <td style={cell}>{a}</td>
            <td style={{ ...cell, fontWeight: 600 }}>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Form Rekam Pergantian: puts another tire on the record, found by serial number (prefix search,
 * debounced 500 ms); the server answers whether the record changed.
 */
export function RecordSwapModal({ open, record, onClose }: RecordSwapModalProps) {
  const { modal, message } = App.useApp();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES.replacementTireSearch.default);
  const term = useDebouncedValue(text.trim(), SERIAL_SEARCH_DEBOUNCE_MS);
  // paged on the server: 10/50/100 per page over every match, not the first 20
  const search = useEndpoint(
    API.listTireSerials,
    { query: { q: term, page, pageSize } },
    { enabled: term.length > 0, placeholderData: keepPreviousData, staleTime: 10_000 },
  );
  const swap = useUpdateReplaceRecord();

  useEffect(() => {
    if (!open) {
      setText('');
      setTouched(false);
    }
  }, [open]);
  // a new search starts on its first page
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the term changes
  useEffect(() => setPage(1), [term]);

  const wide = Boolean(Grid.useBreakpoint().sm);
  const emptyError = touched && text.trim() === '';
  const choose = (tire: SwapTire) => {
    if (!record) return;
    modal.confirm({
      title: SWAP_CONFIRM,
      width: 480,
      content: <SwapCompareTable from={record} to={tire} />,
      okText: 'Ganti',
      cancelText: 'Batal',
      onCancel: () => message.info(NOT_SAVED),
      onOk: async () => {
        const res = await swap.mutateAsync({
          recordId: record.id,
          body: { tire_id: tire.id, serial_number: tire.serial_number },
        });
        if (res.changed) message.success(res.message || REPLACEMENT_MESSAGES.recordUpdated);
        else message.info(res.message || REPLACEMENT_MESSAGES.recordUnchanged);
        onClose();
      },
    });
  };

  const columns: TableColumnsType<SwapTire> = [
    { title: 'Id', dataIndex: 'id', key: 'id', width: 64 },
    {
      title: 'S/N',
      dataIndex: 'serial_number',
      key: 'serial_number',
      render: (v: string, tire) =>
        wide ? (
          v
        ) : (
          <div>
            <div>{v}</div>
            <div style={{ fontSize: 11, color: statusColor(tire.status) }}>{tire.status}</div>
          </div>
        ),
    },
    { title: 'Ir Brand', dataIndex: 'ir_brand', key: 'ir_brand', render: (v: string) => v || '-' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      responsive: ['sm'],
      render: (v: string) => (
        <Tag color={v === 'INSTALLED' ? 'blue' : v === 'UNINSTALLED' ? 'green' : 'default'}>{v}</Tag>
      ),
    },
    {
      title: '',
      key: 'pick',
      align: 'right',
      render: (_, tire) => (
        <Button
          size="small"
          type={tire.id === record?.tire_id ? 'default' : 'primary'}
          ghost={tire.id !== record?.tire_id}
          disabled={tire.id === record?.tire_id}
          onClick={(e) => {
            e.stopPropagation();
            choose(tire);
          }}
          aria-label={`Pilih ${tire.serial_number}`}
        >
          {tire.id === record?.tire_id ? 'Dipakai' : 'Pilih'}
        </Button>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={
        <div>
          <div>Form Rekam Pergantian</div>
          <div style={{ fontSize: 13, fontWeight: 400, color: 'rgba(0,0,0,0.55)' }}>
            Posisi {record?.position} · ban sekarang {record?.serial_number} ({record?.ir_brand || '-'})
          </div>
        </div>
      }
      onCancel={onClose}
      footer={<Button onClick={onClose}>Kembali</Button>}
      width={680}
      destroyOnHidden
    >
      <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
        <Form.Item
          label="Cari nomor seri ban"
          validateStatus={emptyError ? 'error' : undefined}
          help={
            emptyError ? REPLACEMENT_MESSAGES.emptySearch : 'Ketik awal nomor seri; hasil muncul otomatis.'
          }
        >
          <Input.Search
            autoFocus
            allowClear
            value={text}
            placeholder="Contoh: BS26"
            aria-label="Cari nomor seri ban"
            enterButton={<SearchOutlined aria-label="Cari" />}
            onChange={(e) => {
              setText(e.target.value);
              setTouched(true);
            }}
            onSearch={(value) => {
              setTouched(true);
              if (!value.trim()) message.warning(REPLACEMENT_MESSAGES.emptySearch);
            }}
          />
        </Form.Item>
      </Form>
      <Table<SwapTire>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={term ? (search.data?.data ?? []) : []}
        loading={search.isFetching}
        locale={{ emptyText: term ? 'Tidak ada data' : 'Ketik nomor seri untuk mencari ban' }}
        onRow={(tire) => ({
          onClick: () => tire.id !== record?.tire_id && choose(tire),
          style: { cursor: 'pointer' },
        })}
        pagination={{
          current: page,
          pageSize,
          total: term ? (search.data?.total ?? 0) : 0,
          pageSizeOptions: PAGE_SIZES.replacementTireSearch.options.map(String),
          showSizeChanger: true,
          onChange: (p, size) => {
            setPage(size !== pageSize ? 1 : p);
            setPageSize(size);
          },
          hideOnSinglePage: false,
          showTotal: (total) => `${formatNumber(total)} ban`,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Modal>
  );
}
