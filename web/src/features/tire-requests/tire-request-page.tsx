import { PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TTireRequestRow } from '@itms/contracts/tire-requests';
import { Button, Card, Flex, Segmented, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { WorkDay } from '../../components/late-tag';
import { LinkButton } from '../../components/link-button';
import { ListSearch, openableRow } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatDate } from '../../lib/dayjs';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { type RequestEditing, TireRequestModal } from './tire-request-modal';

const columns: TableColumnsType<TTireRequestRow> = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 72 },
  {
    key: 'serial_number',
    title: 'S/N',
    dataIndex: 'serial_number',
    render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
  },
  { key: 'ir_brand', title: 'Ir Brand', dataIndex: 'ir_brand', render: (v: string) => v || '-' },
  { key: 'ori_brand', title: 'Ori Brand', dataIndex: 'ori_brand', render: (v: string) => v || '-' },
  {
    key: 'date',
    title: 'Tgl',
    // when it was made on the phone; a late arrival says so under it
    render: (_, r) => <WorkDay date={formatDate(r.performed_at)} lateDays={r.late_days} />,
  },
  { key: 'time', title: 'Jam', dataIndex: 'time', width: 72 },
  {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    render: (s: string) => <Tag color={s === 'approved' ? 'green' : 'orange'}>{s}</Tag>,
  },
];

const STATUS_OPTIONS = [
  { value: '', label: 'Semua' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
];

/** /tire-request "PERMINTAAN BAN BARU": new-tire requests, their form, and Submit into the tire database. */
export default function TireRequestPage() {
  const [params] = useSearchParams();
  const status =
    params.get('status') === 'pending' || params.get('status') === 'approved' ? params.get('status')! : '';
  const list = usePagedList({
    endpoint: API.listTireRequests,
    sizes: PAGE_SIZES.master,
    filters: { status: status || undefined },
  });
  const [editing, setEditing] = useState<RequestEditing>(null);
  const wide = useMediaQuery(DESKTOP_QUERY);

  return (
    <Flex vertical gap={16}>
      <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
        <PageHeading
          extra={
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
                Tambah Ban
              </Button>
              <LinkButton icon={<UnorderedListOutlined />} to="/tire">
                List Ban
              </LinkButton>
              <XlsxExportButton
                endpoint={API.exportTireRequests}
                query={{ q: list.q, status: status || undefined }}
                filename="permintaan-ban-baru.xlsx"
              />
            </>
          }
        />
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
          <Flex wrap gap={8} align="center" style={{ flex: '1 1 320px' }}>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder="Cari S/N atau brand" />
            <Segmented
              aria-label="Status permintaan"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(v) => list.update({ status: String(v) || undefined, page: undefined })}
            />
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" role="status">
              {list.data ? `${list.data.total} permintaan` : 'Mengambil Data ...'}
            </Typography.Text>
            <Tooltip title="Muat ulang">
              <Button
                aria-label="Muat ulang"
                icon={<ReloadOutlined />}
                onClick={() => list.refetch()}
                loading={list.isFetching}
              />
            </Tooltip>
          </Flex>
        </Flex>
        <ResponsiveTable<TTireRequestRow>
          card={{ title: 'serial_number', lines: ['id', 'ir_brand', 'date'], tags: ['status'] }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          onRow={openableRow((r: TTireRequestRow) => setEditing({ mode: 'edit', id: r.id }))}
        />
      </Card>
      <TireRequestModal editing={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
