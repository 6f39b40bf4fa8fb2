import { FileTextOutlined } from '@ant-design/icons';
import type { TWarehouseGroup } from '@itms/contracts/stock';
import { Flex, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { groupCardHref } from './api/list-warehouse';

const fmt = (n: number) => n.toLocaleString('id-ID');

/** Stock by location, size and brand; a click narrows the tire list to that group. */
export function WarehouseGroups({
  groups,
  loading,
  onPick,
}: {
  groups: TWarehouseGroup[];
  loading: boolean;
  onPick: (g: TWarehouseGroup) => void;
}) {
  const locations = [...new Set(groups.map((g) => g.location))];
  const wide = useMediaQuery(DESKTOP_QUERY);
  const cardLink = (g: TWarehouseGroup, label: boolean) => (
    <Link
      to={groupCardHref(g.size, g.brand)}
      aria-label={`Kartu stok ${g.size} ${g.brand}`}
      style={{ whiteSpace: 'nowrap' }}
    >
      <FileTextOutlined />
      {label ? ' Kartu Stok' : null}
    </Link>
  );
  const locationColumn: TableColumnsType<TWarehouseGroup>[number] = {
    key: 'location',
    title: 'Lokasi',
    dataIndex: 'location',
    filters: locations.map((l) => ({ text: l, value: l })),
    onFilter: (v, g) => g.location === v,
  };
  const totalColumn: TableColumnsType<TWarehouseGroup>[number] = {
    key: 'total',
    title: 'Total',
    dataIndex: 'total',
    align: 'right',
    sorter: (a, b) => a.total - b.total,
    render: (n: number) => <Typography.Text strong>{fmt(n)}</Typography.Text>,
  };
  const columns: TableColumnsType<TWarehouseGroup> = wide
    ? [
        locationColumn,
        { key: 'size', title: 'Size', dataIndex: 'size' },
        { key: 'brand', title: 'Brand', dataIndex: 'brand' },
        totalColumn,
        { key: 'uninstalled', title: 'Uninstalled', dataIndex: 'uninstalled', align: 'right', render: fmt },
        { key: 'spare', title: 'Spare', dataIndex: 'spare', align: 'right', render: fmt },
        { key: 'card', title: '', render: (_, g) => cardLink(g, true) },
      ]
    : [
        {
          ...locationColumn,
          render: (_, g) => (
            <Flex vertical>
              <span>{g.location}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {g.size} · {g.brand}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          ...totalColumn,
          render: (n: number, g) => (
            <Flex vertical align="end">
              <Typography.Text strong>{fmt(n)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 11, whiteSpace: 'nowrap' }}>
                U {g.uninstalled} · S {g.spare}
              </Typography.Text>
            </Flex>
          ),
        },
        { key: 'card', title: '', width: 40, render: (_, g) => cardLink(g, false) },
      ];
  return (
    <Table<TWarehouseGroup>
      dataSource={groups}
      columns={columns}
      loading={loading}
      size="small"
      rowKey={(g) => `${g.location_id ?? 'none'}|${g.size}|${g.brand}`}
      pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Tidak ada data' }}
      onRow={(g) => ({
        onClick: (e) => {
          if ((e.target as HTMLElement).closest('a, button')) return;
          onPick(g);
        },
        style: { cursor: 'pointer' },
        title: 'Tampilkan ban kelompok ini',
      })}
    />
  );
}
