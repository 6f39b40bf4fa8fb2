import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import { BREAKDOWN_CAUSE_LABELS, type TCallRow } from '@itms/contracts/storing';
import type { TUnitOverview, TUnitRecordRow, UnitRecordKind } from '@itms/contracts/unit-page';
import { Button, Card, Descriptions, Flex, Spin, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CallStatusTags } from '../../components/call-status';
import { CrudFormModal } from '../../components/crud-page';
import { LinkButton } from '../../components/link-button';
import { LoadError } from '../../components/load-error';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { TireMap } from '../../components/unit-view/tire-map';
import { TireTrends } from '../../components/unit-view/tire-trends';
import { WorkHistoryTable } from '../../components/unit-view/work-history-table';
import { TONE_FILL } from '../../components/vehicle-diagram';
import { dayjs, formatDate, formatDateTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { useTabList } from '../../lib/use-tab-list';
import { UNIT_FORM } from './unit-form-fields';

const stockCardHref = (tireId: number) => `/kartu-stok?tire=${tireId}`;

/**
 * /unit/:id: one unit's tires on its diagram, coloured by their last lowest tread depth (the field
 * app's rule) and marked when the pressure is off its size's reference; the readings per
 * position; its checks, replacements, BKB and this month's attendance. 'Ubah' edits the unit.
 */
export default function UnitPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  // failures are said in place (LoadError), not in the 'Oops...' dialog: also after a delete here,
  // when the reload of the units' queries asks once more for the unit that is gone
  const overview = useEndpoint(
    API.getUnitOverview,
    { params: { id } },
    { enabled: id > 0, meta: { silent: true } },
  );
  const [editing, setEditing] = useState(false);

  if (overview.isPending) {
    return (
      <Card>
        <PageHeading />
        <Flex vertical align="center" gap={8} style={{ padding: 48 }}>
          <Spin />
          <Typography.Text type="secondary">Mengambil Data ...</Typography.Text>
        </Flex>
      </Card>
    );
  }
  if (overview.isError) {
    return (
      <Card>
        <PageHeading />
        <LoadError error={overview.error} onRetry={() => overview.refetch()} retrying={overview.isFetching} />
        <LinkButton to="/unit" icon={<ArrowLeftOutlined />} style={{ marginTop: 12 }}>
          Daftar Unit
        </LinkButton>
      </Card>
    );
  }
  const data = overview.data;
  const { unit } = data;
  return (
    <Flex vertical gap={16}>
      <Card>
        <PageHeading
          title={`Unit ${unit.plate_number}`}
          extra={
            <>
              <LinkButton to="/unit" icon={<ArrowLeftOutlined />}>
                Daftar Unit
              </LinkButton>
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Ubah
              </Button>
            </>
          }
        />
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'type', label: 'Tipe Unit', children: unit.unit_type },
            { key: 'customer', label: 'Customer', children: unit.Customer.name },
            { key: 'project', label: 'Project', children: unit.Project.name },
            { key: 'location', label: 'Lokasi terakhir', children: unit.Location?.name ?? '-' },
            {
              key: 'last',
              label: 'Pengecekan terakhir',
              children: unit.last_check_at ? formatDate(unit.last_check_at) : 'Belum pernah dicek',
            },
            { key: 'tonnage', label: 'Tonase', children: `${formatNumber(unit.tonnage)} Ton` },
          ]}
        />
      </Card>
      <TireMap
        unitType={unit.unit_type}
        pull={data.pull_point_mm}
        tires={data.tires}
        stockCardHref={stockCardHref}
      />
      <TireTrends trends={data.trends} tires={data.tires} pull={data.pull_point_mm} />
      <Card>
        <Tabs
          items={[
            { key: 'check', label: 'Pengecekan', children: <Records unitId={id} kind="check" /> },
            { key: 'replacement', label: 'Pergantian', children: <Records unitId={id} kind="replacement" /> },
            { key: 'mismatch', label: 'BKB', children: <Records unitId={id} kind="mismatch" /> },
            { key: 'storing', label: 'Storing', children: <Calls unitId={id} plate={unit.plate_number} /> },
            { key: 'absence', label: 'Absensi bulan ini', children: <Attendance data={data} /> },
          ]}
        />
      </Card>
      <CrudFormModal
        {...UNIT_FORM}
        editing={editing ? { mode: 'edit', id: unit.id, label: unit.plate_number } : null}
        onClose={() => setEditing(false)}
        onDeleted={() => navigate('/unit')}
      />
    </Flex>
  );
}

// ---------------------------------------------------------------------------------------------
// checks, replacements, BKB and the month's attendance

const RECORD_LINK: Partial<Record<UnitRecordKind, (id: number) => string>> = {
  check: (id) => `/pengecekan/${id}`,
  replacement: (id) => `/pergantian/${id}`,
};

function Records({ unitId, kind }: { unitId: number; kind: UnitRecordKind }) {
  const { tableProps } = useTabList(API.listUnitRecords, (page) => ({
    params: { id: unitId },
    query: { kind, ...page },
  }));
  const link = RECORD_LINK[kind];
  return (
    <WorkHistoryTable<TUnitRecordRow>
      kind={kind}
      tableProps={tableProps}
      lead={[
        {
          key: 'id',
          title: 'ID',
          width: 80,
          render: (_, r) => (link ? <Link to={link(r.id)}>{r.id}</Link> : r.id),
        },
      ]}
      trail={[
        {
          key: 'status',
          title: 'Status',
          render: (_, r) =>
            r.status === 'approved' ? (
              <Tag color="green">Tervalidasi</Tag>
            ) : (
              <Tag color="orange">Menunggu</Tag>
            ),
        },
      ]}
      card={{ title: 'date', lines: ['id', 'tireman', 'location'], tags: ['status'] }}
    />
  );
}

/** The unit's breakdown calls, newest first (issue 38), each opening in Storing. */
function Calls({ unitId, plate }: { unitId: number; plate: string }) {
  const { tableProps } = useTabList(
    API.listCalls,
    (page) => ({ query: { status: 'all' as const, unit_id: unitId, ...page } }),
    'Belum ada panggilan storing',
  );
  const columns: TableColumnsType<TCallRow> = [
    {
      key: 'called_at',
      title: 'Dipanggil',
      render: (_, c) => (
        <Link to={`/storing?status=all&q=${encodeURIComponent(plate)}`}>{formatDateTime(c.called_at)}</Link>
      ),
    },
    { key: 'cause', title: 'Kejadian', render: (_, c) => BREAKDOWN_CAUSE_LABELS[c.cause] },
    { key: 'status', title: 'Status', render: (_, c) => <CallStatusTags call={c} /> },
    { key: 'tireman', title: 'Tire Man', render: (_, c) => c.tireman_name ?? 'Belum ditugaskan' },
    {
      key: 'roll',
      title: 'Roll time',
      align: 'end',
      render: (_, c) => (c.roll_minutes == null ? '-' : `${formatNumber(c.roll_minutes)} menit`),
    },
  ];
  return (
    <ResponsiveTable<TCallRow>
      aria-label={`Storing ${plate}`}
      card={{ title: 'called_at', lines: ['cause', 'tireman', 'roll'], tags: ['status'] }}
      rowKey="id"
      size="small"
      columns={columns}
      {...tableProps}
      scroll={{ x: 640 }}
    />
  );
}

function Attendance({ data }: { data: TUnitOverview }) {
  const { month, days, total } = data.attendance;
  const first = dayjs(`${month}-01`);
  return (
    <Flex vertical gap={12}>
      <Typography.Text>
        {first.format('MMMM YYYY')}: <strong>{total}</strong> pengecekan,{' '}
        <strong>{[...days].filter((d) => d === 'Y').length}</strong> hari dicek
      </Typography.Text>
      <ul
        aria-label={`Absensi ${first.format('MMMM YYYY')}`}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(38px, 1fr))',
          gap: 6,
          listStyle: 'none',
          padding: 0,
          margin: 0,
        }}
      >
        {[...days].map((d, i) => {
          const checked = d === 'Y';
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the day of the month is the index
              key={i}
              aria-label={`Tanggal ${i + 1}: ${checked ? 'dicek' : 'tidak dicek'}`}
              style={{
                textAlign: 'center',
                padding: '6px 0',
                borderRadius: 6,
                fontSize: 13,
                background: checked ? TONE_FILL.good : '#f0f2f5',
                color: checked ? '#fff' : 'rgba(0,0,0,0.55)',
                fontWeight: checked ? 600 : 400,
              }}
            >
              {i + 1}
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
