import { defectLabel } from '@itms/contracts/defect-codes';
import { TIRE_ORIGIN_LABELS } from '@itms/contracts/enums';
import type { TReplacementDetail } from '@itms/contracts/tire-replacements';
import type { TTire, TTireFields } from '@itms/contracts/tires';
import { Button, Descriptions, Modal, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/dayjs';
import { dash, formatKm, formatNumber } from '../../../lib/number-format';
import { useDefectCodes } from '../../../lib/use-defect-codes';
import { lifetimeOf } from '../lib/lifetime';
import type { PositionSlot } from '../lib/position-slots';

type TireSide = Partial<TTire> | null | undefined;

type Label = (code: number) => string;

/** The tire fields compared; `format` gets the defect catalogue's `label` for the condition. */
const FIELDS: { key: keyof TTireFields; label: string; format?: (v: unknown, label: Label) => string }[] = [
  { key: 'serial_number', label: 'S/N' },
  { key: 'ir_brand', label: 'IR Brand' },
  { key: 'ori_brand', label: 'Merk' },
  { key: 'pattern', label: 'Pattern' },
  { key: 'size', label: 'Ukuran' },
  {
    key: 'is_original',
    label: 'Kondisi',
    format: (v) => (v ? `${v} (${TIRE_ORIGIN_LABELS[v as 'ORI' | 'RET'] ?? v})` : '-'),
  },
  { key: 'casing_status', label: 'Status Casing' },
  { key: 'groove_1', label: 'RTD 1' },
  { key: 'groove_2', label: 'RTD 2' },
  { key: 'groove_3', label: 'RTD 3' },
  { key: 'groove_4', label: 'RTD 4' },
  { key: 'groove_lowest', label: 'RTD Terendah' },
  { key: 'pressure', label: 'PSI' },
  {
    key: 'condition',
    label: 'Kondisi ban',
    format: (v, label) =>
      typeof v === 'string' && v && v !== '-'
        ? v
            .split(',')
            .map((c) => label(Number(c)))
            .join(', ')
        : '-',
  },
  { key: 'tube_brand', label: 'Merk Tube' },
  { key: 'tube_size', label: 'Ukuran Tube' },
  { key: 'tube_status', label: 'Status Tube' },
  { key: 'flap_brand', label: 'Merk Flap' },
  { key: 'flap_size', label: 'Ukuran Flap' },
  { key: 'flap_status', label: 'Status Flap' },
  { key: 'velg_brand', label: 'Merk Velg' },
  { key: 'velg_size', label: 'Ukuran Velg' },
  { key: 'velg_holes', label: 'Lubang Velg' },
  { key: 'velg_status', label: 'Status Velg' },
  { key: 'information', label: 'Keterangan' },
];

interface Row {
  key: string;
  label: string;
  before: string;
  after: string;
}

const show = (t: TireSide, f: (typeof FIELDS)[number], label: Label) => {
  if (!t) return '-';
  const v = t[f.key];
  return f.format ? f.format(v, label) : dash(v as string | number | null | undefined);
};

/** Rows of the comparison: every tire field, before and after (condition codes named by `label`). */
export function compareRows(before: TireSide, after: TireSide, label: Label = defectLabel): Row[] {
  return FIELDS.map((f) => ({
    key: f.key,
    label: f.label,
    before: show(before, f, label),
    after: show(after, f, label),
  }));
}

/**
 * Komparasi Ban Pasang: the unit, how long the old tire ran on it, and the tire fields before and
 * after the replacement side by side (changed values marked).
 */
export function CompareModal({
  open,
  slot,
  detail,
  onClose,
}: {
  open: boolean;
  slot: PositionSlot | null;
  detail: TReplacementDetail;
  onClose: () => void;
}) {
  // before: what the tire man measured when taking it off, else the tire as stored
  const before: TireSide = slot?.removed ?? slot?.beforeTire ?? null;
  const after: TireSide = slot?.after ?? null;
  const life = lifetimeOf(slot?.beforeTire, detail);
  const { label } = useDefectCodes();
  const rows = compareRows(before, after, label);
  const columns: TableColumnsType<Row> = [
    { title: 'Data', dataIndex: 'label', key: 'label', width: 140 },
    { title: 'Before (dilepas)', dataIndex: 'before', key: 'before' },
    {
      title: 'After (dipasang)',
      dataIndex: 'after',
      key: 'after',
      render: (v: string, r) => (
        <span style={v !== r.before ? { fontWeight: 600, color: '#0b5cad' } : undefined}>{v}</span>
      ),
    },
  ];
  const stat = (label: string, value: ReactNode, hint: ReactNode) => (
    <div style={{ padding: '10px 12px', borderRadius: 8, background: '#f4f7fd', minWidth: 0 }}>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)' }}>{label}</div>
      <div style={{ fontSize: 20, fontWeight: 600 }}>{value}</div>
      <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }}>{hint}</div>
    </div>
  );
  return (
    <Modal
      open={open}
      title={`Komparasi Ban Pasang · Posisi ${slot?.position ?? ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Kembali</Button>}
      width={760}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'plate', label: 'No. Polisi', children: detail.Unit.plate_number },
          { key: 'type', label: 'Tipe Unit', children: detail.Unit.unit_type },
          { key: 'project', label: 'Project', children: detail.Project?.name ?? detail.Unit.Project.name },
          { key: 'location', label: 'Lokasi', children: detail.Location.name },
          { key: 'odometer', label: 'Odometer pergantian', children: formatKm(detail.odometer) },
          { key: 'date', label: 'Tanggal pergantian', children: formatDate(detail.performed_at) },
        ]}
      />
      <fieldset
        aria-label="Umur pakai ban"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
          gap: 10,
          margin: '12px 0',
          padding: 0,
          border: 0,
          minWidth: 0,
        }}
      >
        {stat(
          'Jarak tempuh di unit',
          life.km == null ? '-' : formatKm(life.km),
          life.kmInstalled == null
            ? 'Km pasang tidak diketahui'
            : `dipasang pada ${formatKm(life.kmInstalled)}`,
        )}
        {stat(
          'Lama terpasang',
          life.days == null ? '-' : `${formatNumber(life.days)} hari`,
          life.installedAt ? `sejak ${formatDate(life.installedAt)}` : 'Tanggal pasang tidak diketahui',
        )}
      </fieldset>
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 360 }}
      />
    </Modal>
  );
}
