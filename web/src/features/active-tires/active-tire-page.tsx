import { ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { PAGE_SIZES } from '@itms/contracts/constants';
import type { TProjectRow, TUnitRow } from '@itms/contracts/master-data';
import type { TActiveTireRow } from '@itms/contracts/tire-list';
import { Button, Card, Flex, Segmented, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListSearch } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { RemoteSelect } from '../../components/remote-select';
import { ResponsiveTable } from '../../components/responsive-table';
import { UnitFittingModal } from '../../components/unit-fitting/unit-fitting-modal';
import { XlsxExportButton } from '../../components/xlsx-export-button';
import { formatKm, formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';

/** Status filter of the list: mounted tires (default), emptied slots, or both. */
const ACTIVE_STATUS_OPTIONS = [
  { value: '', label: 'Terpasang' },
  { value: 'UNINSTALLED', label: 'Dilepas' },
  { value: 'ALL', label: 'Semua' },
] as const;

const baseColumns: TableColumnsType<TActiveTireRow> = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 72 },
  {
    key: 'tire_id',
    title: 'Tire ID',
    render: (_, r) =>
      r.tire_id === null ? (
        '-'
      ) : (
        <Flex vertical>
          <Link to={`/kartu-stok?tire=${r.tire_id}`} aria-label={`Kartu stok ban ${r.tire_id}`}>
            {r.tire_id}
          </Link>
          {r.serial_number ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.serial_number}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
  },
  { key: 'km', title: 'Odometer (Km Pasang)', align: 'right', render: (_, r) => formatKm(r.km_installed) },
  { key: 'position', title: 'Posisi', dataIndex: 'position', align: 'center', width: 80 },
  {
    key: 'status',
    title: 'Status',
    dataIndex: 'status',
    render: (s: string) => <Tag color={s === 'INSTALLED' ? 'green' : 'default'}>{s}</Tag>,
  },
  {
    key: 'plate',
    title: 'No. Polisi',
    render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.Unit.plate_number}</span>,
  },
  { key: 'type', title: 'Tipe Unit', render: (_, r) => r.Unit.unit_type },
  { key: 'project', title: 'Project', render: (_, r) => r.Unit.Project.name },
];

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * /active-tire "Ban Terpasang Aktif": the wheel slots of the units, filtered by unit and project;
 * 'Pasang ban' opens the unit's fitting panel (mount, unmount, move).
 */
export default function ActiveTirePage() {
  const [params] = useSearchParams();
  const [fitting, setFitting] = useState<number | null>(null);
  const columns: TableColumnsType<TActiveTireRow> = [
    ...baseColumns,
    {
      key: 'fitting',
      title: '',
      width: 110,
      align: 'center',
      render: (_, r) => (
        <Button
          size="small"
          aria-label={`Pasang ban ${r.Unit.plate_number}`}
          onClick={() => setFitting(r.Unit.id)}
        >
          Pasang ban
        </Button>
      ),
    },
  ];
  const unitId = num(params.get('unit_id'));
  const projectId = num(params.get('project_id'));
  const status = ACTIVE_STATUS_OPTIONS.some((o) => o.value === params.get('status'))
    ? (params.get('status') as string)
    : '';
  const list = usePagedList({
    endpoint: API.listActiveTires,
    sizes: PAGE_SIZES.master,
    filters: { unit_id: unitId, project_id: projectId, status: status || undefined },
  });
  const wide = useMediaQuery(DESKTOP_QUERY);
  const set = (key: string, value: string | number | undefined) =>
    list.update({ [key]: value === undefined ? undefined : String(value), page: undefined });

  return (
    <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
      <PageHeading
        extra={
          <>
            {unitId ? (
              <Button type="primary" onClick={() => setFitting(unitId)}>
                Pasang ban unit ini
              </Button>
            ) : null}
            <XlsxExportButton
              endpoint={API.exportActiveTires}
              query={{ unit_id: unitId, project_id: projectId, q: list.q, status: status || undefined }}
              filename="ban-terpasang-aktif.xlsx"
            />
          </>
        }
      />
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <ListSearch value={list.q} onSearch={list.setSearch} placeholder="Cari no. polisi atau S/N" />
        <RemoteSelect<TUnitRow>
          list={API.listUnits}
          get={API.getUnit}
          sort="plate_number"
          labelOf={(u) => `${u.plate_number} · ${u.unit_type}`}
          value={unitId}
          onChange={(v) => set('unit_id', v)}
          allowClear
          placeholder="Semua unit"
          aria-label="Filter unit"
          style={{ flex: '1 1 180px', maxWidth: 240 }}
          popupMatchSelectWidth={280}
        />
        <RemoteSelect<TProjectRow>
          list={API.listProjects}
          get={API.getProject}
          labelOf={(p) => p.name}
          value={projectId}
          onChange={(v) => set('project_id', v)}
          allowClear
          placeholder="Semua project"
          aria-label="Filter project"
          style={{ flex: '1 1 180px', maxWidth: 260 }}
          popupMatchSelectWidth={320}
        />
        <Segmented
          aria-label="Status slot"
          value={status}
          options={ACTIVE_STATUS_OPTIONS.map((o) => ({ ...o }))}
          onChange={(v) => set('status', String(v) || undefined)}
        />
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          <Typography.Text type="secondary" role="status">
            {list.data ? `${formatNumber(list.data.total)} ban` : 'Mengambil Data ...'}
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
      <ResponsiveTable<TActiveTireRow>
        card={{ title: 'tire_id', lines: ['plate', 'position', 'km'], tags: ['status'] }}
        {...list.tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
      />
      <UnitFittingModal unitId={fitting} onClose={() => setFitting(null)} />
    </Card>
  );
}
