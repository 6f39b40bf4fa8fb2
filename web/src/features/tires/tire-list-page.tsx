import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TTireListRow } from '@itms/contracts/tire-list';
import { Button, Card, Flex, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ImportModal } from '../../components/import-modal';
import { LinkButton } from '../../components/link-button';
import { openableRow } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { TireEditModal } from './tire-edit-modal';
import { filtersFromParams, STATUS_LABELS, searchFieldLabel, toggleChip } from './tire-filters';
import { TireSearchPanel } from './tire-search-panel';
import { TireStatusTag } from './tire-status-tag';
import { TireChips, TireSummaryPanels } from './tire-summary';

/** /tire "List Data Ban": detail search, shortcut chips, counts of the filter, and Form Edit Ban. */
export default function TireListPage() {
  const [params] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const list = usePagedList({
    endpoint: API.listTires,
    sizes: PAGE_SIZES.master,
    filters: { searchBy: filters.searchBy, rtd: filters.rtd, status: filters.status },
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const wide = useMediaQuery(DESKTOP_QUERY);

  const base: TableColumnsType<TTireListRow> = [
    {
      key: 'position',
      title: 'POS',
      dataIndex: 'position',
      width: 64,
      sorter: true,
      render: (v: string) => v || '-',
    },
    {
      key: 'serial_number',
      title: 'S/N',
      dataIndex: 'serial_number',
      sorter: true,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { key: 'ir_brand', title: 'IR Brand', dataIndex: 'ir_brand', sorter: true },
    { key: 'ori_brand', title: 'Merk', dataIndex: 'ori_brand', sorter: true },
    { key: 'pattern', title: 'Pattern', dataIndex: 'pattern', sorter: true },
    { key: 'size', title: 'Size', dataIndex: 'size', sorter: true },
    {
      key: 'groove_lowest',
      title: 'RTD Min',
      dataIndex: 'groove_lowest',
      sorter: true,
      align: 'right',
      render: formatNumber,
    },
    {
      key: 'status',
      title: 'Status',
      dataIndex: 'status',
      sorter: true,
      render: (s: string) => <TireStatusTag status={s} />,
    },
    { key: 'unit', title: 'Unit', render: (_, r) => r.Unit?.plate_number ?? '-' },
  ];
  const columns = base.map((c) => (c.sorter ? { ...c, sortOrder: list.sortOrder(String(c.key)) } : c));

  const active = [
    filters.rtd ? `RTD ${filters.rtd}` : null,
    filters.status ? STATUS_LABELS[filters.status] : null,
    list.q ? `${filters.searchBy ? searchFieldLabel(filters.searchBy) : 'Cari'}: "${list.q}"` : null,
  ].filter(Boolean);
  const query = {
    searchBy: filters.searchBy,
    q: list.q,
    rtd: filters.rtd,
    status: filters.status,
    sort: list.sort,
  };

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <>
            <LinkButton icon={<PlusOutlined />} to="/tire-request">
              Permintaan Ban Baru
            </LinkButton>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import
            </Button>
            <XlsxExportButton endpoint={API.exportTires} query={query} filename="list-data-ban.xlsx" />
          </>
        }
      />
      <TireSearchPanel
        searchBy={filters.searchBy}
        q={list.q}
        loading={list.isFetching}
        onSearch={(searchBy, q) => list.update({ searchBy, q, page: undefined })}
        onReset={() => list.update({ searchBy: undefined, q: undefined, page: undefined })}
      />
      <TireSummaryPanels summary={list.data?.summary} />
      <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <TireChips filters={filters} onToggle={(chip) => list.update(toggleChip(filters, chip))} />
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" role="status">
              {list.data ? `${formatNumber(list.data.total)} ban` : 'Mengambil Data ...'}
              {active.length ? ` · ${active.join(' · ')}` : ''}
            </Typography.Text>
            {active.length ? (
              <Button
                size="small"
                type="link"
                onClick={() =>
                  list.update({
                    rtd: undefined,
                    status: undefined,
                    searchBy: undefined,
                    q: undefined,
                    page: undefined,
                  })
                }
              >
                Hapus filter
              </Button>
            ) : null}
            <Tooltip title="Muat ulang">
              <Button
                aria-label="Muat ulang"
                icon={<ReloadOutlined />}
                onClick={() => list.refetch()}
                loading={list.isFetching}
                size="small"
              />
            </Tooltip>
          </Flex>
        </Flex>
        <ResponsiveTable<TTireListRow>
          card={{
            title: 'serial_number',
            lines: ['ori_brand', 'size', 'groove_lowest', 'unit'],
            tags: ['status'],
          }}
          {...list.tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          onRow={openableRow((r: TTireListRow) => setOpenId(r.id))}
          aria-label="List Data Ban"
        />
      </Card>
      <TireEditModal id={openId} onClose={() => setOpenId(null)} />
      <ImportModal open={importing} kind="tires" title="Import Ban" onClose={() => setImporting(false)} />
    </Flex>
  );
}
