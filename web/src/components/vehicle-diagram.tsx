import type { Position } from '@itms/contracts/enums';
import type { TreadBand } from '@itms/contracts/rules/tread-band';
import {
  DIAGRAMS,
  type DiagramAxle,
  type DiagramKind,
  diagramKindOf,
  type VehicleDiagram as TVehicleDiagram,
} from '@itms/contracts/rules/vehicle-diagram';
import { type CSSProperties, type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { BRAND_COLOR } from './brand';

/**
 * How a wheel is drawn: highlighted (e.g. replaced), normal, or muted (nothing recorded there);
 * or by its tread band (the field app: good, warning, pull).
 */
export type WheelTone = 'accent' | 'normal' | 'muted' | 'good' | 'warning' | 'pull';

/** The wheel colour of a tread band (rules/tread-band.ts): an empty or unmeasured position is muted. */
export const BAND_TONE: Record<TreadBand, WheelTone> = {
  good: 'good',
  warning: 'warning',
  pull: 'pull',
  none: 'muted',
};

/** Colour of the wheel mark (a pressure outside its reference on the unit page). */
export const MARK_FILL = '#7b2cbf';

export interface VehicleDiagramProps {
  /** The diagram to draw; or give `unitType` and it is derived (13 unit types -> 3 diagrams). */
  kind?: DiagramKind;
  unitType?: string;
  /**
   * The card of one wheel position (odd positions and ST go left, even positions and ST2 right).
   * `stacked` is true on narrow screens, where cards are full width and may lay out side by side.
   */
  renderPosition: (position: Position, ctx: { stacked: boolean }) => ReactNode;
  /** Colour of each wheel in the drawing; default every wheel 'normal'. */
  wheelTone?: (position: Position) => WheelTone;
  /** Wheels drawn with a small mark (a dot with '!') beside them; none by default. */
  wheelMark?: (position: Position) => boolean;
  /** Height of a position card in the side-by-side layout (cards sit beside their wheel). */
  cardHeight?: number;
  /** Narrowest card of the side-by-side layout; below that the drawing and the cards stack. */
  cardMinWidth?: number;
}

export const DIAGRAM_LABELS: Record<DiagramKind, string> = {
  engkel: 'Engkel',
  tronton: 'Tronton',
  trailer: 'Trailer',
};

export const positionLabel = (p: Position) => `Posisi ${p}`;

export const TONE_FILL: Record<WheelTone, string> = {
  accent: '#f08c00',
  normal: '#3a4150',
  muted: '#c3c9d3',
  good: '#2e7d32',
  warning: '#f2b705',
  pull: '#d32f2f',
};
const CENTER_WIDTH = 200;
const COLUMN_GAP = 12;

type Row =
  | { kind: 'cab'; height: number }
  | { kind: 'axle'; height: number; axle: DiagramAxle; index: number }
  | { kind: 'coupling'; height: number }
  | { kind: 'tail'; height: number }
  | { kind: 'spare'; height: number };

interface Geometry {
  rows: (Row & { y: number })[];
  height: number;
  gap: number;
}

/** Rows from front to back: cab, axles (trailer: coupling after the tractor's two axles), tail, spares. */
export function diagramRows(
  d: TVehicleDiagram,
  sizes: { cab: number; axle: number; coupling: number; tail: number; spare: number; gap: number },
): Geometry {
  const rows: Row[] = [{ kind: 'cab', height: sizes.cab }];
  d.axles.forEach((axle, index) => {
    if (d.kind === 'trailer' && index === 2) rows.push({ kind: 'coupling', height: sizes.coupling });
    rows.push({ kind: 'axle', height: sizes.axle, axle, index });
  });
  rows.push({ kind: 'tail', height: sizes.tail }, { kind: 'spare', height: sizes.spare });
  let y = 0;
  const placed = rows.map((r) => {
    const out = { ...r, y };
    y += r.height + sizes.gap;
    return out;
  });
  return { rows: placed, height: y - sizes.gap, gap: sizes.gap };
}

/**
 * A truck seen from above, front at the top, drawn for the unit's diagram (engkel, tronton,
 * trailer), with a card per wheel position: odd positions and the spare ST on the left, even
 * positions and ST2 on the right. Wide containers put each card beside its wheel; narrow ones
 * (phones) show the drawing scaled to fit, then the left and the right cards stacked.
 */
export function VehicleDiagram({
  kind,
  unitType,
  renderPosition,
  wheelTone,
  wheelMark,
  cardHeight = 176,
  cardMinWidth = 172,
}: VehicleDiagramProps) {
  const diagram = DIAGRAMS[kind ?? diagramKindOf(unitType ?? '')];
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const wide = width >= 4 * cardMinWidth + CENTER_WIDTH + 4 * COLUMN_GAP;
  const tone = wheelTone ?? (() => 'normal' as const);
  const mark = wheelMark ?? (() => false);
  const title = `Diagram ${DIAGRAM_LABELS[diagram.kind]}: sisi kiri posisi ${diagram.left.join(', ')}; sisi kanan posisi ${diagram.right.join(', ')}`;

  return (
    <div ref={ref} data-diagram={diagram.kind} data-layout={wide ? 'wide' : 'stacked'}>
      {wide ? (
        <WideLayout
          diagram={diagram}
          render={renderPosition}
          tone={tone}
          mark={mark}
          cardHeight={cardHeight}
          title={title}
        />
      ) : (
        <StackedLayout diagram={diagram} render={renderPosition} tone={tone} mark={mark} title={title} />
      )}
    </div>
  );
}

interface LayoutProps {
  diagram: TVehicleDiagram;
  render: VehicleDiagramProps['renderPosition'];
  tone: (p: Position) => WheelTone;
  mark: (p: Position) => boolean;
  title: string;
}

function Slot({
  position,
  render,
  stacked,
  id,
}: {
  position: Position | undefined;
  render: VehicleDiagramProps['renderPosition'];
  stacked: boolean;
  id?: string;
}) {
  if (!position) return <div aria-hidden="true" />;
  return (
    <fieldset
      id={id}
      aria-label={positionLabel(position)}
      style={{ ...bare, height: '100%', scrollMarginTop: 80 }}
    >
      {render(position, { stacked })}
    </fieldset>
  );
}

/** A fieldset (role group) without the browser's frame. */
const bare: CSSProperties = { border: 0, padding: 0, margin: 0, minWidth: 0 };

const sideTitle: CSSProperties = {
  fontSize: 12,
  fontWeight: 600,
  letterSpacing: 0.6,
  textTransform: 'uppercase',
  color: 'rgba(0,0,0,0.55)',
};

function SideHeading({ side }: { side: 'left' | 'right' }) {
  return (
    <div style={sideTitle}>
      {side === 'left' ? 'Sisi kiri' : 'Sisi kanan'}
      <span style={{ fontWeight: 400, textTransform: 'none', letterSpacing: 0 }}>
        {side === 'left' ? ' · ganjil + ST' : ' · genap + ST2'}
      </span>
    </div>
  );
}

/** Cards of one side, row by row beside the drawing: outer wheel outermost, inner wheel next to the truck. */
function WideLayout({
  diagram,
  render,
  tone,
  mark,
  cardHeight,
  title,
}: LayoutProps & { cardHeight: number }) {
  const geo = diagramRows(diagram, {
    cab: 92,
    axle: cardHeight,
    coupling: 44,
    tail: 18,
    spare: cardHeight,
    gap: 12,
  });
  const side = (which: 'left' | 'right') => (
    <fieldset
      aria-label={which === 'left' ? 'Sisi kiri' : 'Sisi kanan'}
      style={{ ...bare, display: 'flex', flexDirection: 'column', gap: geo.gap }}
    >
      {geo.rows.map((row) => {
        const key = `${row.kind}-${row.y}`;
        const style: CSSProperties = { height: row.height, display: 'grid', gap: COLUMN_GAP };
        if (row.kind === 'cab') {
          return (
            <div
              key={key}
              style={{
                ...style,
                alignItems: 'end',
                justifyItems: which === 'left' ? 'start' : 'end',
                paddingBottom: 6,
              }}
            >
              <SideHeading side={which} />
            </div>
          );
        }
        if (row.kind !== 'axle' && row.kind !== 'spare')
          return <div key={key} style={style} aria-hidden="true" />;
        // [outer, inner] on the left, [inner, outer] on the right; a single wheel sits next to the truck
        const wheels: Position[] = row.kind === 'spare' ? [which === 'left' ? 'ST' : 'ST2'] : row.axle[which];
        const cells: (Position | undefined)[] =
          wheels.length === 1 ? [undefined, wheels[0]] : [wheels[0], wheels[1]];
        if (which === 'right') cells.reverse();
        return (
          <div key={key} style={{ ...style, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
            {cells.map((p, i) => (
              <Slot key={p ?? `empty-${i}`} position={p} render={render} stacked={false} />
            ))}
          </div>
        );
      })}
    </fieldset>
  );
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `minmax(0, 1fr) ${CENTER_WIDTH}px minmax(0, 1fr)`,
        columnGap: COLUMN_GAP,
      }}
    >
      {side('left')}
      <TruckDrawing geometry={geo} tone={tone} mark={mark} title={title} />
      {side('right')}
    </div>
  );
}

/** Phones: the drawing scaled to the width, then the left cards, then the right cards. */
function StackedLayout({ diagram, render, tone, mark, title }: LayoutProps) {
  const prefix = useId();
  const slotId = (p: Position) => `${prefix}-pos-${p}`;
  // a tap on a wheel brings its card into view
  const show = (p: Position) => document.getElementById(slotId(p))?.scrollIntoView({ behavior: 'smooth' });
  const geo = diagramRows(diagram, { cab: 66, axle: 74, coupling: 30, tail: 12, spare: 78, gap: 6 });
  const group = (which: 'left' | 'right') => (
    <fieldset aria-label={which === 'left' ? 'Sisi kiri' : 'Sisi kanan'} style={bare}>
      <div style={{ marginBottom: 8 }}>
        <SideHeading side={which} />
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 250px), 1fr))',
          gap: 10,
        }}
      >
        {diagram[which].map((p) => (
          <Slot key={p} id={slotId(p)} position={p} render={render} stacked />
        ))}
      </div>
    </fieldset>
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 18 }}>
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <div style={{ width: '100%', maxWidth: 260 }}>
          <TruckDrawing geometry={geo} tone={tone} mark={mark} title={title} scale onWheel={show} />
        </div>
      </div>
      {group('left')}
      {group('right')}
    </div>
  );
}

const INK = '#3a4150';
const BODY_FILL = '#f3f5f9';
const BODY_STROKE = '#cfd6e2';

function TruckDrawing({
  geometry,
  tone,
  mark,
  title,
  scale = false,
  onWheel,
}: {
  geometry: Geometry;
  tone: (p: Position) => WheelTone;
  mark: (p: Position) => boolean;
  title: string;
  /** Fit the container's width (phones) instead of the fixed centre column. */
  scale?: boolean;
  onWheel?: (p: Position) => void;
}) {
  const clickable = (p: Position) =>
    onWheel ? { onClick: () => onWheel(p), style: { cursor: 'pointer' } as CSSProperties } : {};
  const W = CENTER_WIDTH;
  const { rows, height: H } = geometry;
  const cab = rows.find((r) => r.kind === 'cab')!;
  const axles = rows.filter((r) => r.kind === 'axle');
  const coupling = rows.find((r) => r.kind === 'coupling');
  const tail = rows.find((r) => r.kind === 'tail')!;
  const spare = rows.find((r) => r.kind === 'spare')!;
  const mid = (r: { y: number; height: number }) => r.y + r.height / 2;
  const chassisEnd = tail.y + tail.height;
  const wheelH = Math.min(58, Math.max(36, (axles[0]?.height ?? 60) * 0.62));
  const wheelW = 20;
  const cabBottom = cab.y + cab.height - 4;

  // cargo body (rigid trucks) or trailer deck, drawn under the axles
  const firstBodyAxle = axles[1] ?? axles[0]!;
  const bodyTop = coupling ? mid(coupling) : firstBodyAxle.y - geometry.gap / 2 - 4;
  const tractorEnd = coupling ? mid(coupling) + 10 : chassisEnd;

  return (
    <svg
      role="img"
      aria-label={title}
      viewBox={`0 0 ${W} ${H}`}
      width={scale ? '100%' : W}
      height={scale ? undefined : H}
      style={{ display: 'block', overflow: 'visible' }}
    >
      <title>{title}</title>
      {/* body / deck */}
      <rect
        x={coupling ? 36 : 42}
        y={bodyTop}
        width={W - (coupling ? 72 : 84)}
        height={chassisEnd - bodyTop}
        rx={8}
        fill={BODY_FILL}
        stroke={BODY_STROKE}
        strokeDasharray={coupling ? undefined : '6 4'}
      />
      {/* chassis rails: tractor, then the trailer's own */}
      <rect x={78} y={cabBottom} width={7} height={tractorEnd - cabBottom} rx={3} fill="#9aa3b2" />
      <rect x={W - 85} y={cabBottom} width={7} height={tractorEnd - cabBottom} rx={3} fill="#9aa3b2" />
      {coupling ? (
        <>
          <rect
            x={70}
            y={mid(coupling) - 6}
            width={7}
            height={chassisEnd - mid(coupling) + 6}
            rx={3}
            fill="#b7beca"
          />
          <rect
            x={W - 77}
            y={mid(coupling) - 6}
            width={7}
            height={chassisEnd - mid(coupling) + 6}
            rx={3}
            fill="#b7beca"
          />
          <circle cx={W / 2} cy={mid(coupling)} r={15} fill="#fff" stroke={INK} strokeWidth={2} />
          <circle cx={W / 2} cy={mid(coupling)} r={4} fill={INK} />
        </>
      ) : null}
      {/* rear bumper */}
      <rect x={46} y={chassisEnd - 6} width={W - 92} height={6} rx={3} fill="#7d8797" />

      {/* cab, front at the top */}
      <rect x={28} y={cab.y + 26} width={12} height={7} rx={2} fill="#7d8797" />
      <rect x={W - 40} y={cab.y + 26} width={12} height={7} rx={2} fill="#7d8797" />
      <rect
        x={38}
        y={cab.y + 8}
        width={W - 76}
        height={cab.height - 12}
        rx={16}
        fill="#e6eefc"
        stroke={BRAND_COLOR}
        strokeWidth={2}
      />
      <rect
        x={52}
        y={cab.y + 16}
        width={W - 104}
        height={Math.min(16, cab.height * 0.2)}
        rx={5}
        fill="#b9cdf0"
      />
      <text
        x={W / 2}
        y={cab.y + cab.height - 14}
        textAnchor="middle"
        fontSize={11}
        fontWeight={700}
        letterSpacing={2}
        fill={BRAND_COLOR}
      >
        DEPAN
      </text>

      {axles.map((row) => {
        if (row.kind !== 'axle') return null;
        const cy = mid(row);
        const dual = row.axle.left.length > 1;
        // x of the wheels on the left, outer first; the right side mirrors them
        const xs = dual ? [6, 28] : [18];
        const wheel = (p: Position, x: number) => (
          <g key={p} {...clickable(p)}>
            <rect x={x} y={cy - wheelH / 2} width={wheelW} height={wheelH} rx={5} fill={TONE_FILL[tone(p)]} />
            <text
              x={x + wheelW / 2}
              y={cy + 4}
              textAnchor="middle"
              fontSize={p.length > 1 ? 10 : 11}
              fontWeight={700}
              fill="#fff"
            >
              {p}
            </text>
            {mark(p) ? <Mark cx={x + wheelW / 2} cy={cy - wheelH / 2 - 2} /> : null}
          </g>
        );
        return (
          <g key={`axle-${row.index}`}>
            <rect x={24} y={cy - 3} width={W - 48} height={6} rx={3} fill="#8c95a5" />
            <rect x={W / 2 - 9} y={cy - 7} width={18} height={14} rx={4} fill="#8c95a5" />
            {row.axle.left.map((p, i) => wheel(p, xs[i]!))}
            {row.axle.right.map((p, i) => wheel(p, W - xs[i]! - wheelW))}
          </g>
        );
      })}

      {/* the spare tyres, hung under the chassis: ST left, ST2 right */}
      {(['ST', 'ST2'] as const).map((p, i) => {
        const r = Math.min(26, spare.height * 0.32);
        const cx = i === 0 ? W / 2 - r - 8 : W / 2 + r + 8;
        const cy = mid(spare) + 6;
        return (
          <g key={p} {...clickable(p)}>
            <circle cx={cx} cy={cy} r={r} fill={TONE_FILL[tone(p)]} />
            <circle cx={cx} cy={cy} r={r * 0.55} fill="#fff" opacity={0.9} />
            <text x={cx} y={cy + 4} textAnchor="middle" fontSize={11} fontWeight={700} fill={INK}>
              {p}
            </text>
            {mark(p) ? <Mark cx={cx + r * 0.75} cy={cy - r * 0.75} /> : null}
          </g>
        );
      })}
      <text
        x={W / 2}
        y={spare.y + 10}
        textAnchor="middle"
        fontSize={10}
        letterSpacing={1.5}
        fill="rgba(0,0,0,0.5)"
      >
        BAN SEREP
      </text>
    </svg>
  );
}

/** The wheel mark: a small dot with '!' at a wheel's corner. */
function Mark({ cx, cy }: { cx: number; cy: number }) {
  return (
    <g>
      <circle cx={cx} cy={cy} r={7} fill={MARK_FILL} stroke="#fff" strokeWidth={1.5} />
      <text x={cx} y={cy + 3.5} textAnchor="middle" fontSize={10} fontWeight={700} fill="#fff">
        !
      </text>
    </g>
  );
}
