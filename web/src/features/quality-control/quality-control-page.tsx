import { ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { QC_DEFAULT_PAGE_SIZE, QC_PAGE_SIZES, type TQcRow } from '@itms/contracts/qc';
import { Button, Card, Flex, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { LateTag } from '../../components/late-tag';
import { ListSearch, openableRow } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatDate } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { QcDetailModal } from './qc-detail-modal';

const SIZES = { options: QC_PAGE_SIZES, default: QC_DEFAULT_PAGE_SIZE } as const;

const columns: TableColumnsType<TQcRow> = [
  { key: 'id', title: 'Id', dataIndex: 'id', width: 72 },
  { key: 'ir', title: 'IR Checker', render: (_, r) => r.Tire_Man?.name ?? 'tidak ada' },
  { key: 'qc', title: 'QC Checker', dataIndex: 'name_qc' },
  {
    key: 'plate',
    title: 'No. Body',
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.Unit.plate_number}</span>,
  },
  { key: 'loc', title: 'Lokasi', render: (_, r) => r.Location?.name ?? 'tidak ada' },
  {
    key: 'date',
    title: 'Tanggal',
    render: (_, r) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatDate(r.date)} <Typography.Text type="secondary">{r.time}</Typography.Text>
        <LateTag days={r.late_days} />
      </span>
    ),
  },
];

/** /quality-control "Quality Control Record": QC checks; a row opens the Detail Information matrix. */
export default function QualityControlPage() {
  const list = usePagedList({ endpoint: API.listQcChecks, sizes: SIZES });
  const [openId, setOpenId] = useState<number | null>(null);
  const wide = useMediaQuery(DESKTOP_QUERY);
  return (
    <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
      <PageHeading
        extra={
          <XlsxExportButton
            endpoint={API.exportQcChecks}
            query={{ q: list.q }}
            filename="quality-control.xlsx"
          />
        }
      />
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          placeholder="Cari no. body, QC checker, tire man"
        />
        <Flex gap={8} align="center">
          <Typography.Text type="secondary" role="status">
            {list.data ? `${formatNumber(list.data.total)} pemeriksaan` : 'Mengambil Data ...'}
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
      <ResponsiveTable<TQcRow>
        card={{ title: 'plate', lines: ['id', 'ir', 'loc', 'date'] }}
        aria-label="Daftar pemeriksaan QC"
        {...list.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 'max-content', y: 600 }}
        onRow={openableRow((r: TQcRow) => setOpenId(r.id))}
      />
      <QcDetailModal id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
