import { InfoCircleOutlined, ProfileOutlined, WarningOutlined } from '@ant-design/icons';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { Badge, Button, Card } from 'antd';
import { type CSSProperties, Fragment } from 'react';
import { formatNumber } from '../../lib/number-format';
import { beforeOf, MEASURE_FIELDS, type MeasureKey, type Measures } from './check-form-model';
import { MeasureInput } from './measure-input';

export interface TirePositionCardProps {
  record: TTireCheckRecord;
  after: Measures;
  onChange: (key: MeasureKey, value: number | null) => void;
  /** Serial of the tire mounted at this position now; undefined when none; null while unknown. */
  mountedSerial: string | undefined | null;
  bkb: boolean;
  readOnly: boolean;
  onInfo: () => void;
  onDetail: () => void;
}

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'minmax(52px, auto) minmax(64px, 1fr) minmax(92px, 1.3fr)',
  alignItems: 'center',
  columnGap: 10,
  rowGap: 6,
};
const headCell: CSSProperties = {
  fontSize: 12,
  fontWeight: 600,
  textTransform: 'uppercase',
  letterSpacing: 0.4,
  color: 'rgba(0,0,0,0.65)',
};

/** One wheel position: what was recorded (Before) and the values the EDP validates (After). */
export function TirePositionCard({
  record,
  after,
  onChange,
  mountedSerial,
  bkb,
  readOnly,
  onInfo,
  onDetail,
}: TirePositionCardProps) {
  const before = beforeOf(record);
  const pos = record.position;
  const brand = [record.ori_brand, record.ir_brand].filter((b) => b && b !== '-').join(' / ') || '-';

  const card = (
    <Card
      size="small"
      role="group"
      aria-label={`Posisi ${pos}`}
      title={<span style={{ fontSize: 15 }}>Posisi {pos}</span>}
      style={{ height: '100%', borderColor: bkb ? '#ffa39e' : undefined }}
      styles={{ body: { padding: 12 } }}
    >
      <div style={{ marginBottom: 10, lineHeight: 1.45 }}>
        <div>
          <span style={{ color: 'rgba(0,0,0,0.65)' }}>No. Seri </span>
          <strong style={{ wordBreak: 'break-all' }}>{record.serial_number}</strong>
        </div>
        <div>
          <span style={{ color: 'rgba(0,0,0,0.65)' }}>Merk </span>
          {brand}
          {record.size ? <span style={{ color: 'rgba(0,0,0,0.65)' }}> · {record.size}</span> : null}
        </div>
        {bkb ? (
          <div style={{ color: '#cf1322', fontSize: 13, marginTop: 2 }}>
            <WarningOutlined />{' '}
            {mountedSerial ? `Ban aktif di unit: ${mountedSerial}` : 'Tidak ada ban aktif di posisi ini'}
          </div>
        ) : null}
      </div>

      <div style={grid}>
        <span />
        <span style={headCell}>Before</span>
        <span style={headCell}>After</span>
        {MEASURE_FIELDS.map((f) => (
          <Fragment key={f.key}>
            <span style={{ fontSize: 13 }}>{f.label}</span>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(before[f.key])}</span>
            <MeasureInput
              field={f}
              value={after[f.key]}
              before={before[f.key]}
              onChange={(v) => onChange(f.key, v)}
              label={`${f.label} After posisi ${pos}`}
              disabled={readOnly}
            />
          </Fragment>
        ))}
      </div>

      <div style={{ display: 'flex', gap: 8, marginTop: 12, flexWrap: 'wrap' }}>
        <Button
          size="small"
          icon={<InfoCircleOutlined />}
          onClick={onInfo}
          aria-label={`Informasi posisi ${pos}`}
        >
          Informasi
        </Button>
        <Button
          size="small"
          icon={<ProfileOutlined />}
          onClick={onDetail}
          aria-label={`Detail Posisi ${pos}`}
        >
          Detail Posisi
        </Button>
      </div>
    </Card>
  );

  // always wrapped, the ribbon only hidden: the card must not remount (and lose the focused field)
  // when the unit's active tires arrive after the records
  return (
    <Badge.Ribbon text={bkb ? 'BKB' : null} color="red" style={bkb ? undefined : { display: 'none' }}>
      {card}
    </Badge.Ribbon>
  );
}
