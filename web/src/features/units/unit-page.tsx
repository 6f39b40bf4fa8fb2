import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import type { Position } from '@itms/contracts/enums';
import { pressureOff } from '@itms/contracts/rules/field-warnings';
import { TREAD_WARNING_MARGIN_MM, treadBand } from '@itms/contracts/rules/tread-band';
import { diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';
import { BREAKDOWN_CAUSE_LABELS, type TCallRow } from '@itms/contracts/storing';
import type {
  TUnitOverview,
  TUnitPageTire,
  TUnitRecordRow,
  TUnitTrend,
  UnitRecordKind,
} from '@itms/contracts/unit-page';
import { keepPreviousData } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Segmented,
  Spin,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CallStatusTags } from '../../components/call-status';
import { CrudFormModal } from '../../components/crud-page';
import { LineChart } from '../../components/line-chart';
import { LinkButton } from '../../components/link-button';
import { LoadError, listEmptyText } from '../../components/load-error';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import {
  BAND_TONE,
  DIAGRAM_LABELS,
  MARK_FILL,
  positionLabel,
  TONE_FILL,
  VehicleDiagram,
  type WheelTone,
} from '../../components/vehicle-diagram';
import { dayjs, formatDate, formatDateTime } from '../../lib/dayjs';
import { formatNumber } from '../../lib/number-format';
import { useEndpoint } from '../../lib/use-endpoint';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { UNIT_FORM } from './unit-form-fields';

const stockCardHref = (tireId: number) => `/kartu-stok?tire=${tireId}`;
const num = (v: number | null, unit: string) => (v == null ? '-' : `${formatNumber(v)} ${unit}`);

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
      <TireMap data={data} />
      <Trends data={data} />
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
// the tire map

function TireMap({ data }: { data: TUnitOverview }) {
  const pull = data.pull_point_mm;
  const byPosition = new Map(data.tires.map((t) => [t.position as Position, t]));
  const tone = (p: Position): WheelTone => BAND_TONE[treadBand(byPosition.get(p)?.groove_lowest, pull)];
  const off = (p: Position) => {
    const t = byPosition.get(p);
    return t ? pressureOff(t.pressure, t.reference_psi) : null;
  };
  return (
    <Card
      title={`Peta Ban (${DIAGRAM_LABELS[diagramKindOf(data.unit.unit_type)]})`}
      styles={{ body: { paddingTop: 12 } }}
    >
      <Flex
        wrap
        gap={12}
        style={{ marginBottom: 12, fontSize: 13 }}
        role="list"
        aria-label="Keterangan warna"
      >
        <Swatch
          color={TONE_FILL.good}
          text={`RTD aman (> ${formatNumber(pull + TREAD_WARNING_MARGIN_MM)} mm)`}
        />
        <Swatch
          color={TONE_FILL.warning}
          text={`Hampir batas (${formatNumber(pull)}-${formatNumber(pull + TREAD_WARNING_MARGIN_MM)} mm)`}
        />
        <Swatch color={TONE_FILL.pull} text={`Di bawah batas cabut (< ${formatNumber(pull)} mm)`} />
        <Swatch color={TONE_FILL.muted} text="Kosong / belum diukur" />
        <Swatch color={MARK_FILL} round text="Tekanan di luar ±10% standar ukuran" />
      </Flex>
      <VehicleDiagram
        unitType={data.unit.unit_type}
        wheelTone={tone}
        wheelMark={(p) => off(p) !== null}
        cardHeight={118}
        cardMinWidth={150}
        renderPosition={(p) => <TireCard position={p} tire={byPosition.get(p)} pull={pull} off={off(p)} />}
      />
    </Card>
  );
}

function Swatch({ color, text, round }: { color: string; text: string; round?: boolean }) {
  return (
    <Flex align="center" gap={6} role="listitem">
      <span
        style={{
          width: 12,
          height: 12,
          borderRadius: round ? 6 : 3,
          background: color,
          display: 'inline-block',
        }}
      />
      {text}
    </Flex>
  );
}

function TireCard({
  position,
  tire,
  pull,
  off,
}: {
  position: Position;
  tire: TUnitPageTire | undefined;
  pull: number;
  off: 'low' | 'high' | null;
}) {
  const band = treadBand(tire?.groove_lowest, pull);
  const frame = {
    height: '100%',
    border: '1px solid #e5e8ef',
    borderLeft: `4px solid ${TONE_FILL[BAND_TONE[band]]}`,
    borderRadius: 8,
    padding: '8px 10px',
    background: '#fff',
    display: 'flex',
    flexDirection: 'column' as const,
    gap: 2,
    fontSize: 13,
    color: 'inherit',
  };
  if (!tire) {
    return (
      <div style={{ ...frame, color: 'rgba(0,0,0,0.45)' }}>
        <strong>{positionLabel(position)}</strong>
        <span>Kosong</span>
      </div>
    );
  }
  return (
    <Link to={stockCardHref(tire.tire_id)} aria-label={`Kartu stok ban ${tire.serial_number}`} style={frame}>
      <Flex justify="space-between" gap={4}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {positionLabel(position)}
        </Typography.Text>
        {off ? (
          <Tag color="purple" style={{ marginInlineEnd: 0 }}>
            PSI {off === 'low' ? 'rendah' : 'tinggi'}
          </Tag>
        ) : null}
      </Flex>
      <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {tire.serial_number}
      </strong>
      <span>RTD terendah {num(tire.groove_lowest, 'mm')}</span>
      <span>
        {num(tire.pressure, 'PSI')}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {tire.reference_psi == null ? ' · standar belum diisi' : ` · standar ${tire.reference_psi}`}
        </Typography.Text>
      </span>
    </Link>
  );
}

// ---------------------------------------------------------------------------------------------
// trends per position

function Trends({ data }: { data: TUnitOverview }) {
  const [picked, setPicked] = useState<string | null>(null);
  const wide = useMediaQuery(DESKTOP_QUERY);
  if (data.trends.length === 0) {
    return (
      <Card title="Tren per Posisi">
        <Empty description="Belum ada pengecekan tervalidasi" />
      </Card>
    );
  }
  const trend = data.trends.find((t) => t.position === picked) ?? data.trends[0]!;
  const tire = data.tires.find((t) => t.position === trend.position);
  return (
    <Card title="Tren per Posisi">
      <Segmented
        aria-label="Posisi"
        options={data.trends.map((t) => ({ value: t.position, label: t.position }))}
        value={trend.position}
        onChange={(v) => setPicked(String(v))}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
      />
      <Flex gap={16} vertical={!wide}>
        <TrendChart
          trend={trend}
          wide={wide}
          kind="rtd"
          rule={{ y: data.pull_point_mm, label: 'Batas cabut' }}
        />
        <TrendChart
          trend={trend}
          wide={wide}
          kind="psi"
          rule={tire?.reference_psi != null ? { y: tire.reference_psi, label: 'Standar' } : undefined}
        />
      </Flex>
    </Card>
  );
}

function TrendChart({
  trend,
  kind,
  rule,
  wide,
}: {
  trend: TUnitTrend;
  kind: 'rtd' | 'psi';
  rule?: { y: number; label: string };
  wide: boolean;
}) {
  const unit = kind === 'rtd' ? 'mm' : 'PSI';
  const readings = trend.readings
    .map((r) => ({ ...r, t: Date.parse(r.performed_at), v: kind === 'rtd' ? r.groove_lowest : r.pressure }))
    .filter((r): r is typeof r & { v: number } => r.v != null);
  const title = kind === 'rtd' ? 'RTD terendah' : 'Tekanan';
  if (readings.length === 0) {
    return (
      <div style={{ flex: 1 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Empty description="Belum ada bacaan" />
      </div>
    );
  }
  const first = readings[0]!.t;
  const last = readings[readings.length - 1]!.t;
  const margin = Math.max(3600_000, (last - first) * 0.05);
  const values = [...readings.map((r) => r.v), ...(rule ? [rule.y] : [])];
  const top = Math.max(...values) * 1.1 + 1;
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <Typography.Text strong>
        {title} · {positionLabel(trend.position)}
      </Typography.Text>
      <LineChart
        label={`${title} posisi ${trend.position}: ${readings.length} pembacaan terakhir`}
        // a narrower drawing on phones keeps the labels at their real size
        width={wide ? 460 : 340}
        height={wide ? 200 : 190}
        maxWidth={560}
        x={{
          min: first - margin,
          max: last + margin,
          unit: '',
          ticks: readings.length > 1 ? [first, (first + last) / 2, last] : [first],
          format: formatDate,
        }}
        y={{ min: 0, max: top, unit }}
        color={kind === 'rtd' ? '#1f5fbf' : '#7b2cbf'}
        rules={
          rule
            ? [
                {
                  y: rule.y,
                  label: `${rule.label} ${formatNumber(rule.y)} ${unit}`,
                  color: '#cf1322',
                },
              ]
            : []
        }
        points={readings.map((r) => ({
          x: r.t,
          y: r.v,
          title: `${formatDate(r.performed_at)}: ${formatNumber(r.v)} ${unit} (${r.serial_number})`,
        }))}
      />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// checks, replacements, BKB and the month's attendance

/** The page of a tab's table (10, 20 or 50 rows; a new page size starts again at page 1). */
function useTabPaging() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  return {
    page,
    pageSize,
    pagination: (total: number) => ({
      current: page,
      pageSize,
      total,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50],
      onChange: (p: number, size: number) => {
        setPage(size === pageSize ? p : 1);
        setPageSize(size);
      },
    }),
  };
}

const RECORD_LINK: Partial<Record<UnitRecordKind, (id: number) => string>> = {
  check: (id) => `/pengecekan/${id}`,
  replacement: (id) => `/pergantian/${id}`,
};

function Records({ unitId, kind }: { unitId: number; kind: UnitRecordKind }) {
  const paging = useTabPaging();
  const { page, pageSize } = paging;
  const list = useEndpoint(
    API.listUnitRecords,
    { params: { id: unitId }, query: { kind, page, pageSize } },
    // the table says a failure in place (listEmptyText)
    { placeholderData: keepPreviousData, meta: { silent: true } },
  );
  const link = RECORD_LINK[kind];
  const columns: TableColumnsType<TUnitRecordRow> = [
    {
      key: 'id',
      title: 'ID',
      width: 80,
      render: (_, r) => (link ? <Link to={link(r.id)}>{r.id}</Link> : r.id),
    },
    {
      key: 'date',
      title: 'Tanggal',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.performed_at)}</span>,
    },
    { key: 'tireman', title: 'Tire Man', dataIndex: 'tireman' },
    { key: 'location', title: 'Lokasi', dataIndex: 'location' },
    kind === 'mismatch'
      ? { key: 'category', title: 'Kategori', dataIndex: 'category' }
      : {
          key: 'odometer',
          title: 'Odometer',
          align: 'end',
          render: (_, r) => (r.odometer == null ? '-' : formatNumber(r.odometer)),
        },
    {
      key: 'status',
      title: 'Status',
      render: (_, r) =>
        r.status === 'approved' ? <Tag color="green">Tervalidasi</Tag> : <Tag color="orange">Menunggu</Tag>,
    },
  ];
  return (
    <ResponsiveTable<TUnitRecordRow>
      card={{ title: 'date', lines: ['id', 'tireman', 'location'], tags: ['status'] }}
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={list.data?.data ?? []}
      loading={list.isFetching}
      scroll={{ x: 640 }}
      locale={{ emptyText: listEmptyText(list, () => list.refetch()) }}
      pagination={paging.pagination(list.data?.total ?? 0)}
    />
  );
}

/** The unit's breakdown calls, newest first (issue 38), each opening in Storing. */
function Calls({ unitId, plate }: { unitId: number; plate: string }) {
  const paging = useTabPaging();
  const { page, pageSize } = paging;
  const list = useEndpoint(
    API.listCalls,
    { query: { status: 'all', unit_id: unitId, page, pageSize } },
    { placeholderData: keepPreviousData, meta: { silent: true } },
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
      dataSource={list.data?.data ?? []}
      loading={list.isFetching}
      scroll={{ x: 640 }}
      locale={{ emptyText: listEmptyText(list, () => list.refetch(), 'Belum ada panggilan storing') }}
      pagination={paging.pagination(list.data?.total ?? 0)}
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
