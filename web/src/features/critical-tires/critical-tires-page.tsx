import { DashboardOutlined, ReloadOutlined } from '@ant-design/icons';
import { API } from '@itms/contracts/api';
import {
  ALERT_KINDS,
  ALERT_LABELS,
  type AlertKind,
  DEFAULT_PULL_POINT_MM,
  NO_REFERENCE_TEXT,
  PRESSURE_TOLERANCE,
  type TAlertRow,
} from '@itms/contracts/tire-intelligence';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ALERT_COLORS } from '../../components/alert-count';
import { ListSearch } from '../../components/list-controls';
import { PageHeading } from '../../components/page-frame';
import { ResponsiveTable } from '../../components/responsive-table';
import { formatDate } from '../../lib/dayjs';
import { formatDecimal, formatNumber } from '../../lib/number-format';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { usePagedList } from '../../lib/use-paged-list';
import { useTireAlertsEvent } from '../../lib/use-tire-alerts-event';
import { AlertCountCards } from './alert-count-cards';
import { invalidateAlerts } from './invalidate-alerts';
import { SizePressureModal } from './size-pressure-modal';

/** /ban-kritis shows 10 tires per page. */
const ALERT_PAGE_SIZES = { options: [10], default: 10 } as const;

const isKind = (v: string | null): v is AlertKind => ALERT_KINDS.includes(v as AlertKind);
const num = (n: number) => formatDecimal(n, 1);

/** A 0 mm reading is most likely a blank one: to be checked, not a tire at its pull point. */
const isZeroRtd = (row: TAlertRow) => row.groove_lowest === 0;

/**
 * "95 / 110 PSI (-14%)": red when outside the tolerance. A size without a reference pressure says
 * so, with the way to set it.
 */
function PressureCell({ row, onSetReference }: { row: TAlertRow; onSetReference: () => void }) {
  if (row.reference_psi === null)
    return (
      <Flex vertical align="start" style={{ whiteSpace: 'nowrap' }}>
        <span>{row.pressure === null ? '-' : `${num(row.pressure)} PSI`}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {NO_REFERENCE_TEXT}{' '}
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', fontSize: 12 }}
            aria-label={`Atur tekanan acuan ${row.size}`}
            onClick={onSetReference}
          >
            Atur
          </Button>
        </Typography.Text>
      </Flex>
    );
  if (row.pressure === null) return <Typography.Text type="secondary">-</Typography.Text>;
  const diff = (row.pressure - row.reference_psi) / row.reference_psi;
  const out = Math.abs(diff) > PRESSURE_TOLERANCE;
  return (
    <Typography.Text type={out ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {num(row.pressure)} / {num(row.reference_psi)} PSI{' '}
      <span style={{ fontSize: 12 }}>
        ({diff > 0 ? '+' : ''}
        {Math.round(diff * 100)}%)
      </span>
    </Typography.Text>
  );
}

function ForecastCell({ row, pullPoint }: { row: TAlertRow; pullPoint: number }) {
  if (isZeroRtd(row)) return <Typography.Text type="secondary">Periksa data RTD</Typography.Text>;
  if (row.groove_lowest !== null && row.groove_lowest <= pullPoint)
    return (
      <Typography.Text type="danger" style={{ whiteSpace: 'nowrap' }}>
        Sudah di batas cabut
      </Typography.Text>
    );
  if (!row.pull_date) return <Typography.Text type="secondary">Data belum cukup</Typography.Text>;
  const band =
    row.pull_date_early && row.pull_date_late
      ? `${formatDate(row.pull_date_early)} – ${formatDate(row.pull_date_late)}`
      : null;
  return (
    <Flex vertical style={{ whiteSpace: 'nowrap' }}>
      <span>{formatDate(row.pull_date)}</span>
      {band ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {band}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function columns(pullPoint: number, onSetReference: () => void): TableColumnsType<TAlertRow> {
  return [
    {
      key: 'serial_number',
      title: 'No. Seri',
      render: (_, r) => (
        <Link to={`/kartu-stok?tire=${r.tire_id}`} style={{ fontWeight: 600 }}>
          {r.serial_number}
        </Link>
      ),
    },
    {
      key: 'tire',
      title: 'Brand / Pattern / Size',
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 120 }}>
          <span>{r.ir_brand || '-'}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.pattern, r.size].filter(Boolean).join(' · ') || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'unit',
      title: 'Unit / Posisi',
      render: (_, r) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <Link to={`/unit?q=${encodeURIComponent(r.plate_number)}`}>{r.plate_number}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Posisi {r.position || '-'}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'groove_lowest',
      title: 'RTD terendah',
      align: 'right',
      render: (_, r) =>
        r.groove_lowest === null ? (
          '-'
        ) : isZeroRtd(r) ? (
          <Tooltip title="RTD 0 mm biasanya berarti kedalaman alur tidak diisi: periksa data pengecekannya">
            <Tag color={ALERT_COLORS['rtd-zero']} style={{ marginInlineEnd: 0 }}>
              0 mm: periksa data
            </Tag>
          </Tooltip>
        ) : (
          <Typography.Text
            strong
            type={r.groove_lowest <= pullPoint ? 'danger' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {num(r.groove_lowest)} mm
          </Typography.Text>
        ),
    },
    {
      key: 'pressure',
      title: 'Tekanan vs referensi',
      render: (_, r) => <PressureCell row={r} onSetReference={onSetReference} />,
    },
    {
      key: 'forecast',
      title: 'Prediksi batas cabut',
      render: (_, r) => <ForecastCell row={r} pullPoint={pullPoint} />,
    },
    {
      key: 'kinds',
      title: 'Peringatan',
      render: (_, r) => (
        <Flex wrap gap={4} style={{ minWidth: 160, maxWidth: 200 }}>
          {r.kinds.map((k) => (
            <Tag key={k} color={ALERT_COLORS[k]} style={{ marginInlineEnd: 0 }}>
              {ALERT_LABELS[k]}
            </Tag>
          ))}
          {/* the unsafe defects by zone and catalogue name: what the tire must not run with */}
          {r.unsafe_defects.map((d) => (
            <Typography.Text key={d} type="danger" style={{ fontSize: 12, width: '100%' }}>
              {d}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
  ];
}

/**
 * /ban-kritis "Ban Kritis": installed tires with an alert (an unsafe defect at the latest validated
 * check, named by zone and catalogue name; below the pull point, due within 30
 * days, pressure off its size's reference, RTD that rose without a retread), most urgent first.
 * The count cards filter by kind (`?kind=`); the list follows 'tire-alerts' without a reload.
 */
export default function CriticalTiresPage() {
  const [params] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  // the reply of each page carries the counts of the summary
  const list = usePagedList({
    endpoint: API.listTireAlerts,
    sizes: ALERT_PAGE_SIZES,
    filters: { kind },
    emptyText: kind || params.get('q') ? 'Tidak ada ban yang cocok' : 'Tidak ada ban kritis',
  });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const wide = useMediaQuery(DESKTOP_QUERY);
  useTireAlertsEvent(() => void invalidateAlerts(queryClient));

  const summary = list.data?.summary;
  const pullPoint = summary?.pull_point_mm;
  const select = (next: AlertKind | undefined) => list.update({ kind: next, page: undefined });

  return (
    <Flex vertical gap={16}>
      <PageHeading
        extra={
          <Button icon={<DashboardOutlined />} onClick={() => setEditing(true)}>
            Tekanan Referensi
          </Button>
        }
      />
      <AlertCountCards summary={summary} active={kind} onSelect={select} />
      {summary && summary.no_reference.sizes > 0 ? (
        <Alert
          type="info"
          showIcon
          title={`${NO_REFERENCE_TEXT} untuk ${formatNumber(summary.no_reference.sizes)} size (${formatNumber(summary.no_reference.tires)} ban terpasang)`}
          // the button under the text: beside it, a phone squeezes the text into a narrow column
          description={
            <Flex vertical gap={8} align="start">
              <span>
                Tekanan ban dengan size tersebut belum dapat dibandingkan, jadi tidak masuk hitungan
                peringatan tekanan.
              </span>
              <Button size="small" onClick={() => setEditing(true)}>
                Atur tekanan acuan
              </Button>
            </Flex>
          }
        />
      ) : null}
      <Card styles={{ body: { padding: wide ? 24 : 12 } }}>
        <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
          <Flex wrap gap={8} align="center" style={{ flex: '1 1 300px' }}>
            <ListSearch
              value={list.q}
              onSearch={list.setSearch}
              placeholder="Cari nomor seri atau nomor polisi"
            />
            <Button
              aria-pressed={!kind}
              color="primary"
              variant={kind ? 'outlined' : 'filled'}
              onClick={() => select(undefined)}
            >
              Semua
            </Button>
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text type="secondary" role="status">
              {pullPoint === undefined ? 'Mengambil Data ...' : `Batas cabut: ${num(pullPoint)} mm`}
              {list.data ? ` · ${formatNumber(list.data.total)} ban` : ''}
            </Typography.Text>
            <Tooltip title="Muat ulang">
              <Button
                aria-label="Muat ulang"
                icon={<ReloadOutlined />}
                onClick={() => void invalidateAlerts(queryClient)}
                loading={list.isFetching}
              />
            </Tooltip>
          </Flex>
        </Flex>
        <ResponsiveTable<TAlertRow>
          card={{
            title: 'serial_number',
            lines: ['tire', 'unit', 'groove_lowest', 'forecast'],
            tags: ['kinds'],
          }}
          {...list.tableProps}
          rowKey="tire_id"
          size="small"
          aria-label="Daftar ban kritis"
          columns={columns(pullPoint ?? DEFAULT_PULL_POINT_MM, () => setEditing(true))}
        />
      </Card>
      <SizePressureModal open={editing} onClose={() => setEditing(false)} />
    </Flex>
  );
}
