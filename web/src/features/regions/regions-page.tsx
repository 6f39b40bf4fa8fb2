import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { CHECKS_PER_TIREMAN_PER_DAY } from '@itms/contracts/constants';
import type { TLocationRow, TRegionRow } from '@itms/contracts/master-data';
import {
  Alert,
  Button,
  Empty,
  Flex,
  Input,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type Key, useMemo, useState } from 'react';
import { PageCard, PageHeading } from '../../components/page-frame';
import { errorText } from '../../lib/feedback';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { type Editing, LocationFormModal, RegionFormModal, useDeleteRecord } from './region-forms';

const norm = (s: string) => s.trim().toLowerCase();

function targetText(r: TRegionRow): string {
  return r.target_check === null
    ? `${CHECKS_PER_TIREMAN_PER_DAY} (standar)`
    : `${formatNumber(r.target_check)} / tire man / hari`;
}

/** The locations of one region, inside its expanded row. */
function RegionLocations({
  region,
  locations,
  onAdd,
  onEdit,
  onDelete,
  indent,
}: {
  indent: number;
  region: TRegionRow;
  locations: TLocationRow[];
  onAdd: () => void;
  onEdit: (l: TLocationRow) => void;
  onDelete: (l: TLocationRow) => void;
}) {
  return (
    <Flex vertical gap={8} style={{ paddingInlineStart: indent }}>
      {locations.length === 0 ? (
        <Typography.Text type="secondary">Belum ada lokasi di region ini</Typography.Text>
      ) : (
        <ul aria-label={`Lokasi ${region.name}`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {locations.map((l) => (
            <li
              key={l.id}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '4px 0',
                borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
              }}
            >
              <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis={{ tooltip: l.name }}>
                {l.name}
              </Typography.Text>
              <Tooltip title="Ubah lokasi">
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Ubah lokasi ${l.name}`}
                  onClick={() => onEdit(l)}
                />
              </Tooltip>
              <Tooltip title="Hapus lokasi">
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Hapus lokasi ${l.name}`}
                  onClick={() => onDelete(l)}
                />
              </Tooltip>
            </li>
          ))}
        </ul>
      )}
      <Button
        size="small"
        icon={<PlusOutlined />}
        onClick={onAdd}
        style={{ alignSelf: 'flex-start' }}
        aria-label={`Tambah lokasi di ${region.name}`}
      >
        Tambah lokasi
      </Button>
    </Flex>
  );
}

/**
 * /lokasi (Region & Lokasi): the regions with their PIC, tire men and Target Check, which Summary
 * Pengecekan measures against, and the locations (pools) under each; add, edit and delete both.
 */
export default function RegionsPage() {
  const regions = useEndpoint(API.listRegions, {});
  const locations = useEndpoint(API.listLocations, {});
  const wide = useMediaQuery(DESKTOP_QUERY);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const [regionForm, setRegionForm] = useState<Editing<TRegionRow>>(null);
  const [locationForm, setLocationForm] = useState<Editing<TLocationRow>>(null);
  const del = useDeleteRecord();

  const byRegion = useMemo(() => {
    const m = new Map<number, TLocationRow[]>();
    for (const l of locations.data ?? []) {
      const list = m.get(l.region_id) ?? [];
      list.push(l);
      m.set(l.region_id, list);
    }
    return m;
  }, [locations.data]);

  // a search matches a region's name or PIC, or one of its locations (then only those are listed)
  const q = norm(search);
  const shown = useMemo(() => {
    const all = regions.data ?? [];
    if (!q) return all.map((r) => ({ region: r, locations: byRegion.get(r.id) ?? [] }));
    return all.flatMap((r) => {
      const locs = byRegion.get(r.id) ?? [];
      if (norm(r.name).includes(q) || norm(r.pic).includes(q)) return [{ region: r, locations: locs }];
      const hits = locs.filter((l) => norm(l.name).includes(q));
      return hits.length ? [{ region: r, locations: hits }] : [];
    });
  }, [regions.data, byRegion, q]);
  const locationsOf = new Map(shown.map((s) => [s.region.id, s.locations]));
  // while searching, the regions found by one of their locations open by themselves
  const expandedKeys = q ? shown.filter((s) => s.locations.length > 0).map((s) => s.region.id) : expanded;

  const columns: TableColumnsType<TRegionRow> = [
    {
      key: 'name',
      title: 'Region',
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text strong>{r.name}</Typography.Text>
          {wide ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              PIC {r.pic || '-'} · {formatNumber(r.manpower)} tire man · target {targetText(r)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'locations',
      title: 'Lokasi',
      width: 90,
      align: 'center',
      render: (_, r) => <Tag>{formatNumber((byRegion.get(r.id) ?? []).length)}</Tag>,
    },
    ...(wide
      ? ([
          { key: 'pic', title: 'PIC', dataIndex: 'pic', render: (v: string) => v || '-' },
          {
            key: 'manpower',
            title: 'Tire Man',
            dataIndex: 'manpower',
            align: 'right',
            width: 100,
            render: (v: number) => formatNumber(v),
          },
          {
            key: 'target',
            title: 'Target Check',
            width: 190,
            render: (_: unknown, r: TRegionRow) => (
              <Typography.Text type={r.target_check === null ? 'secondary' : undefined}>
                {targetText(r)}
              </Typography.Text>
            ),
          },
        ] satisfies TableColumnsType<TRegionRow>)
      : []),
    {
      key: 'actions',
      title: '',
      width: wide ? 96 : 72,
      align: 'center',
      render: (_, r) => (
        <Flex gap={0} justify="center">
          <Tooltip title="Ubah region">
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={`Ubah region ${r.name}`}
              onClick={(e) => {
                // the row's click expands it; the button only opens the form
                e.stopPropagation();
                setRegionForm({ mode: 'edit', row: r });
              }}
            />
          </Tooltip>
          <Tooltip title="Hapus region">
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Hapus region ${r.name}`}
              disabled={del.pending}
              onClick={(e) => {
                e.stopPropagation();
                void del.remove('Region', r.id, r.name);
              }}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  const failed = regions.error ?? locations.error;
  const totalLocations = locations.data?.length ?? 0;

  return (
    <PageCard>
      <PageHeading
        extra={
          <>
            <Button
              icon={<PlusOutlined />}
              onClick={() => setLocationForm({ mode: 'add' })}
              disabled={!regions.data?.length}
              title={regions.data?.length ? undefined : 'Tambah region terlebih dahulu'}
            >
              Tambah Lokasi
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setRegionForm({ mode: 'add' })}>
              Tambah Region
            </Button>
          </>
        }
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        Summary Pengecekan menghitung ekspektasi tiap region dari jumlah tire man x Target Check per hari
        (standar {CHECKS_PER_TIREMAN_PER_DAY}) x jumlah hari.
      </Typography.Paragraph>
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="Cari region atau lokasi"
          placeholder="Cari region, PIC atau lokasi"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Tooltip title="Muat ulang">
          <Button
            aria-label="Muat ulang"
            icon={<ReloadOutlined />}
            loading={regions.isFetching || locations.isFetching}
            onClick={() => {
              void regions.refetch();
              void locations.refetch();
            }}
          />
        </Tooltip>
        <Typography.Text type="secondary" role="status">
          {regions.data && locations.data
            ? `${formatNumber(regions.data.length)} region · ${formatNumber(totalLocations)} lokasi`
            : failed
              ? ''
              : 'Mengambil Data ...'}
        </Typography.Text>
      </Flex>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title="Data region gagal dimuat"
          description={errorText(failed)}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<TRegionRow>
        aria-label="Daftar region"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown.map((s) => s.region)}
        loading={regions.isPending || locations.isPending}
        pagination={false}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpandedRowsChange: (keys) => {
            if (!q) setExpanded(keys);
          },
          expandRowByClick: true,
          expandedRowRender: (r) => (
            <RegionLocations
              // under the region's name on a desktop; the whole width on a phone
              indent={wide ? 40 : 0}
              region={r}
              locations={locationsOf.get(r.id) ?? []}
              onAdd={() => setLocationForm({ mode: 'add', preset: { region_id: r.id } })}
              onEdit={(l) => setLocationForm({ mode: 'edit', row: l })}
              onDelete={(l) => del.remove('Lokasi', l.id, l.name)}
            />
          ),
        }}
        onRow={() => ({ style: { cursor: 'pointer' } })}
        locale={{
          emptyText: (
            <Empty
              description={
                q ? `Tidak ada region atau lokasi yang cocok dengan "${search.trim()}"` : 'Belum ada region'
              }
            />
          ),
        }}
      />
      <RegionFormModal editing={regionForm} onClose={() => setRegionForm(null)} />
      <LocationFormModal
        editing={locationForm}
        regions={regions.data ?? []}
        onClose={() => setLocationForm(null)}
      />
    </PageCard>
  );
}
