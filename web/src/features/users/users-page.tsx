import { ReloadOutlined, UserAddOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import { ROLE_LABELS, ROLES, type Role } from '@itms/contracts/enums';
import type { TTireManRow } from '@itms/contracts/users';
import { Button, Flex, Select, type TableColumnsType, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListSearch, openableRow } from '../../components/list-controls';
import { FILTER_STYLE, PageCard, PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { usePagedList } from '../../lib/use-paged-list';
import { EditTireManModal } from './edit-tire-man-modal';
import { OnlineTag } from './online-tag';
import { RegisterWizard } from './register-wizard';

/** How often the Online column refreshes on its own. */
const REFRESH_MS = 30_000;

/** Tire Man admin (spec section 2): accounts list, registration wizard, edit modal, force logout. */
export default function UsersPage() {
  const [params] = useSearchParams();
  const role = (params.get('role') as Role | null) ?? undefined;
  const list = usePagedList({
    endpoint: API.listTireMen,
    sizes: PAGE_SIZES.tireMan,
    filters: { role },
  });
  const [registering, setRegistering] = useState(false);
  const [editing, setEditing] = useState<TTireManRow | null>(null);
  const { refetch } = list;

  useEffect(() => {
    const timer = setInterval(() => void refetch(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  const columns: TableColumnsType<TTireManRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', sorter: true, width: 72 },
    { key: 'name', dataIndex: 'name', title: 'Nama', sorter: true },
    { key: 'phone', dataIndex: 'phone', title: 'No Telp', sorter: true },
    {
      key: 'role',
      dataIndex: 'role',
      title: 'Akses',
      sorter: true,
      render: (r: Role) => ROLE_LABELS[r] ?? r,
    },
    { key: 'email', dataIndex: 'email', title: 'Email', sorter: true },
    {
      key: 'isLogin',
      dataIndex: 'isLogin',
      title: 'Online',
      render: (v: boolean) => <OnlineTag isLogin={v} />,
    },
  ].map((c) => (c.sorter ? { ...c, sortOrder: list.sortOrder(c.key) } : c)) as TableColumnsType<TTireManRow>;

  return (
    <PageCard>
      <PageHeading
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setRegistering(true)}>
            Registrasi
          </Button>
        }
      />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <ListSearch
          value={list.q}
          onSearch={list.setSearch}
          placeholder="Cari nama, email, no telp atau NIK"
        />
        <Select<Role>
          aria-label="Filter akses"
          placeholder="Semua akses"
          allowClear
          value={role}
          onChange={(v) => list.update({ role: v, page: undefined })}
          options={ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
          style={FILTER_STYLE}
        />
        <Tooltip title="Muat ulang">
          <Button
            aria-label="Muat ulang"
            icon={<ReloadOutlined />}
            onClick={() => list.refetch()}
            loading={list.isFetching}
          />
        </Tooltip>
      </Flex>
      <ResponsiveTable<TTireManRow>
        card={{ title: 'name', lines: ['phone', 'role', 'email'], tags: ['isLogin'] }}
        {...list.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        onRow={openableRow(setEditing)}
        showSorterTooltip={{ target: 'sorter-icon' }}
      />
      <RegisterWizard open={registering} onClose={() => setRegistering(false)} />
      <EditTireManModal id={editing?.id} name={editing?.name} onClose={() => setEditing(null)} />
    </PageCard>
  );
}
