import type { Position } from '@itms/contracts/enums';
import { pressureOff } from '@itms/contracts/rules/field-warnings';
import { TREAD_WARNING_MARGIN_MM, treadBand } from '@itms/contracts/rules/tread-band';
import { diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';
import type { TUnitPageTire } from '@itms/contracts/unit-page';
import { Card, Flex, Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/number-format';
import {
  BAND_TONE,
  DIAGRAM_LABELS,
  MARK_FILL,
  positionLabel,
  TONE_FILL,
  VehicleDiagram,
  type WheelTone,
} from '../vehicle-diagram';

const num = (v: number | null, unit: string) => (v == null ? '-' : `${formatNumber(v)} ${unit}`);

/**
 * A unit's mounted tires on its diagram (the office's unit page and the customer portal's): each
 * wheel coloured by its tire's last lowest tread depth (the field app's rule) and marked when the
 * pressure is off its size's reference; beside it the tire's serial, brand, size, lowest tread (in
 * red at or below the pull point) and pressure. With `stockCardHref` (the office) each card links
 * to its tire's stock card.
 */
export function TireMap({
  unitType,
  pull,
  tires,
  stockCardHref,
}: {
  unitType: string;
  /** Tread at or below which a tire is pulled (mm). */
  pull: number;
  tires: readonly TUnitPageTire[];
  stockCardHref?: (tireId: number) => string;
}) {
  const byPosition = new Map(tires.map((t) => [t.position as Position, t]));
  const tone = (p: Position): WheelTone => BAND_TONE[treadBand(byPosition.get(p)?.groove_lowest, pull)];
  const off = (p: Position) => {
    const t = byPosition.get(p);
    return t ? pressureOff(t.pressure, t.reference_psi) : null;
  };
  return (
    <Card
      title={`Peta Ban (${DIAGRAM_LABELS[diagramKindOf(unitType)]})`}
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
        unitType={unitType}
        wheelTone={tone}
        wheelMark={(p) => off(p) !== null}
        cardHeight={136}
        cardMinWidth={150}
        renderPosition={(p) => {
          const tire = byPosition.get(p);
          return (
            <TireCard
              position={p}
              tire={tire}
              pull={pull}
              off={off(p)}
              href={tire && stockCardHref ? stockCardHref(tire.tire_id) : undefined}
            />
          );
        }}
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

const ellipsis: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

function TireCard({
  position,
  tire,
  pull,
  off,
  href,
}: {
  position: Position;
  tire: TUnitPageTire | undefined;
  pull: number;
  off: 'low' | 'high' | null;
  href: string | undefined;
}) {
  const band = treadBand(tire?.groove_lowest, pull);
  const frame: CSSProperties = {
    height: '100%',
    border: '1px solid #e5e8ef',
    borderLeft: `4px solid ${TONE_FILL[BAND_TONE[band]]}`,
    borderRadius: 8,
    padding: '8px 10px',
    background: '#fff',
    display: 'flex',
    flexDirection: 'column',
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
  // at or below the pull point: due to come off
  const worn = tire.groove_lowest != null && tire.groove_lowest <= pull;
  const body: ReactNode = (
    <>
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
      <strong style={ellipsis}>{tire.serial_number}</strong>
      <span style={ellipsis}>
        {tire.ir_brand} · {tire.size}
      </span>
      <Typography.Text type={worn ? 'danger' : undefined} strong={worn} style={{ fontSize: 13 }}>
        RTD terendah {num(tire.groove_lowest, 'mm')}
      </Typography.Text>
      <span>
        {num(tire.pressure, 'PSI')}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {tire.reference_psi == null ? ' · standar belum diisi' : ` · standar ${tire.reference_psi}`}
        </Typography.Text>
      </span>
    </>
  );
  return href ? (
    <Link to={href} aria-label={`Kartu stok ban ${tire.serial_number}`} style={frame}>
      {body}
    </Link>
  ) : (
    <div style={frame}>{body}</div>
  );
}
