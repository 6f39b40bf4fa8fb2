import { InfoCircleOutlined, ProfileOutlined, WarningOutlined } from '@ant-design/icons';
import { conditionCodes, defectsOf, NORMAL_CODE, zoneDefectText } from '@itms/contracts/defect-codes';
import type { TTireCheckRecord } from '@itms/contracts/tire-checks';
import { Badge, Button, Card, Tag } from 'antd';
import { type CSSProperties, Fragment } from 'react';
import { ImageZoom } from '../../components/image-zoom';
import { formatDate } from '../../lib/dayjs';
import { hasFile } from '../../lib/file-urls';
import { formatNumber } from '../../lib/number-format';
import { useDefectCodes } from '../../lib/use-defect-codes';
import { beforeOf, MEASURE_FIELDS, type MeasureKey, type Measures, previousOf } from './check-form-model';
import { MeasureInput, visuallyHidden } from './measure-input';

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
  gridTemplateColumns: 'minmax(44px, auto) minmax(60px, 0.9fr) minmax(72px, 1fr) minmax(88px, 1.3fr)',
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

/** Float noise of stored `real` values is no change. */
const EPSILON = 1e-6;

/**
 * How the tire man's value moved from the previous check, under the value: a tread that rose is
 * red (a misreading or a retread), any other change is plain, an unchanged value says nothing.
 */
function ChangeNote({
  field,
  now,
  previous,
}: {
  field: MeasureKey;
  now: number | null;
  previous: number | null;
}) {
  if (now == null || previous == null) return null;
  const diff = now - previous;
  if (Math.abs(diff) < EPSILON) return null;
  const rose = diff > 0 && field.startsWith('groove_');
  const text = `${diff > 0 ? '+' : '−'}${formatNumber(Math.abs(diff))}`;
  return (
    <span style={{ marginInlineStart: 4, fontSize: 11, color: rose ? '#cf1322' : 'rgba(0,0,0,0.5)' }}>
      <span aria-hidden>{text}</span>
      <span style={visuallyHidden}>
        {`${diff > 0 ? 'naik' : 'turun'} ${formatNumber(Math.abs(diff))} dari pengecekan sebelumnya`}
      </span>
    </span>
  );
}

/**
 * The tire's defects zone by zone with the catalogue's names ('Dinding: 23 Sidewall Cut', an
 * unsafe one marked), 'Semua normal' when all five zones are normal, nothing while unchecked.
 */
function TireDefects({ condition, position }: { condition: string; position: string }) {
  const { rows } = useDefectCodes();
  if (conditionCodes(condition).every((c) => c === NORMAL_CODE)) {
    return (
      <Tag color="green" style={{ marginInlineEnd: 0 }}>
        Semua normal
      </Tag>
    );
  }
  const defects = defectsOf(condition);
  if (defects.length === 0) return null;
  return (
    <ul aria-label={`Kerusakan posisi ${position}`} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {defects.map((d) => {
        const unsafe = rows?.find((r) => r.code === d.code)?.unsafe ?? false;
        return (
          <li key={d.part} style={{ color: '#cf1322', fontSize: 13 }}>
            {unsafe ? <WarningOutlined aria-hidden style={{ marginInlineEnd: 4 }} /> : null}
            {zoneDefectText(d.part, d.code, rows)}
            {unsafe ? <strong> (tidak aman)</strong> : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One wheel position: the tire at its previous validated check (Sebelumnya), what the tire man
 * recorded now (Before, with the change), and the values the EDP validates (After); its defects
 * by zone and its serial photo (opens large).
 */
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
  const previous = previousOf(record);
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
        <div style={{ color: 'rgba(0,0,0,0.65)', fontSize: 12 }}>
          {record.previous_reading
            ? `Pengecekan sebelumnya: ${formatDate(record.previous_reading.performed_at)}`
            : 'Belum ada pengecekan sebelumnya'}
        </div>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', marginTop: 4 }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <TireDefects condition={record.condition} position={pos} />
          </div>
          {hasFile(record.serial_number_url) ? (
            <ImageZoom
              path={record.serial_number_url}
              alt={`Foto ban posisi ${pos}`}
              width={72}
              height={54}
            />
          ) : null}
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
        <span style={headCell} title="Pengecekan sebelumnya yang sudah divalidasi">
          Cek lalu
        </span>
        <span style={headCell}>Before</span>
        <span style={headCell}>After</span>
        {MEASURE_FIELDS.map((f) => (
          <Fragment key={f.key}>
            <span style={{ fontSize: 13 }}>{f.label}</span>
            <span
              title={`${f.label} pada pengecekan sebelumnya`}
              data-testid={`sebelumnya-${f.key}-${pos}`}
              style={{ fontVariantNumeric: 'tabular-nums', color: 'rgba(0,0,0,0.55)' }}
            >
              {previous ? formatNumber(previous[f.key]) : '-'}
            </span>
            <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatNumber(before[f.key])}
              <ChangeNote field={f.key} now={before[f.key]} previous={previous?.[f.key] ?? null} />
            </span>
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
