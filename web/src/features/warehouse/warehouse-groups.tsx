import { FileTextOutlined } from '@ant-design/icons';
import type { API } from '@itms/contracts/api';
import type { QueryOf } from '@itms/contracts/endpoint';
import {
  type TWarehouseGroup,
  type TWarehouseGroupsReply,
  WAREHOUSE_GROUPS_PAGE_SIZE,
} from '@itms/contracts/stock';
import { Flex, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { groupCardHref } from './card-links';

/** Which page of the groups, in what order (`total` / `-total`, else location, size and brand). */
export interface WarehouseGroupsView {
  page: number;
  sort?: NonNullable<QueryOf<typeof API.listWarehouseGroups>>['sort'];
}

/**
 * Stock by location, size and brand, one server page at a time (a fleet has thousands of
 * groups), sortable by total; a click narrows the tire list to that group.
 */
export function WarehouseGroups({
  reply,
  loading,
  sort,
  onView,
  onPick,
}: {
  reply: TWarehouseGroupsReply | undefined;
  loading: boolean;
  sort: WarehouseGroupsView['sort'];
  onView: (next: Partial<WarehouseGroupsView>) => void;
  onPick: (g: TWarehouseGroup) => void;
}) {
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
  };
  const totalColumn: TableColumnsType<TWarehouseGroup>[number] = {
    key: 'total',
    title: 'Total',
    dataIndex: 'total',
    align: 'right',
    sorter: true,
    sortOrder: sort === 'total' ? 'ascend' : sort === '-total' ? 'descend' : null,
    render: (n: number) => <Typography.Text strong>{formatNumber(n)}</Typography.Text>,
  };
  const columns: TableColumnsType<TWarehouseGroup> = wide
    ? [
        locationColumn,
        { key: 'size', title: 'Size', dataIndex: 'size' },
        { key: 'brand', title: 'Brand', dataIndex: 'brand' },
        totalColumn,
        {
          key: 'uninstalled',
          title: 'Uninstalled',
          dataIndex: 'uninstalled',
          align: 'right',
          render: formatNumber,
        },
        { key: 'spare', title: 'Spare', dataIndex: 'spare', align: 'right', render: formatNumber },
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
              <Typography.Text strong>{formatNumber(n)}</Typography.Text>
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
      dataSource={reply?.data ?? []}
      columns={columns}
      loading={loading}
      size="small"
      rowKey={(g) => `${g.location_id ?? 'none'}|${g.size}|${g.brand}`}
      pagination={{
        current: reply?.page ?? 1,
        pageSize: reply?.pageSize ?? WAREHOUSE_GROUPS_PAGE_SIZE,
        total: reply?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        size: 'small',
      }}
      onChange={(pagination, _filters, sorter, { action }) => {
        if (action === 'sort') {
          const order = Array.isArray(sorter) ? undefined : sorter.order;
          onView({
            page: 1,
            sort: order === 'ascend' ? 'total' : order === 'descend' ? '-total' : undefined,
          });
        } else if (action === 'paginate') {
          onView({ page: pagination.current ?? 1 });
        }
      }}
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
