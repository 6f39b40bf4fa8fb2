import type { Position, UnitType } from '../enums';

/** The three vehicle diagrams the replacement form draws (spec section 1 and 2, Form Pergantian). */
export const DIAGRAM_KINDS = ['engkel', 'tronton', 'trailer'] as const;
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];

/**
 * Which diagram each unit type is drawn with.
 * engkel: light trucks with one rear axle (4-6 tyres); tronton: rigid trucks with two rear axles
 * (10 tyres); trailer: tractor heads, trailers and road trains (up to 12 tyres).
 */
export const UNIT_TYPE_DIAGRAM: Record<UnitType, DiagramKind> = {
  'BIG UP': 'engkel',
  CDD: 'engkel',
  CDE: 'engkel',
  ENGKEL: 'engkel',
  'DUMP TRUCK': 'tronton',
  HOULLER: 'tronton',
  TRONTON: 'tronton',
  'BUNTUT CAR CARRIER': 'trailer',
  'BUNTUT TRAILER': 'trailer',
  'CAR CARRIER': 'trailer',
  'GANDENGAN DUMP TRUCK': 'trailer',
  'HEAD TRAILER': 'trailer',
  TRAILLER: 'trailer',
};

/** One axle drawn as a row: tyres on the left side (odd positions) and on the right side (even). */
export interface DiagramAxle {
  left: Position[];
  right: Position[];
}

export interface VehicleDiagram {
  kind: DiagramKind;
  /** Axles from front to back; the spare tyres are not on an axle. */
  axles: DiagramAxle[];
  /** Odd positions and the spare ST, front to back. */
  left: Position[];
  /** Even positions and the spare ST2, front to back. */
  right: Position[];
  /** Every position of the diagram, in the order 1..n, ST, ST2. */
  positions: Position[];
  /**
   * The order a tire man walks the truck in: the left side front to back, then the right side front
   * to back, then the spares (a check's tires are asked in this order).
   */
  walk: Position[];
}

const single = (l: number): DiagramAxle => ({
  left: [String(l) as Position],
  right: [String(l + 1) as Position],
});
const dual = (l: number): DiagramAxle => ({
  left: [String(l) as Position, String(l + 2) as Position],
  right: [String(l + 1) as Position, String(l + 3) as Position],
});

function diagram(kind: DiagramKind, axles: DiagramAxle[]): VehicleDiagram {
  const left = [...axles.flatMap((a) => a.left), 'ST' as const];
  const right = [...axles.flatMap((a) => a.right), 'ST2' as const];
  const wheels = axles.flatMap((a) => [...a.left, ...a.right]).sort((a, b) => Number(a) - Number(b));
  const walk = [
    ...axles.flatMap((a) => a.left),
    ...axles.flatMap((a) => a.right),
    'ST' as const,
    'ST2' as const,
  ];
  return { kind, axles, left, right, positions: [...wheels, 'ST', 'ST2'], walk };
}

export const DIAGRAMS: Record<DiagramKind, VehicleDiagram> = {
  // front axle 1-2, one dual rear axle 3-6
  engkel: diagram('engkel', [single(1), dual(3)]),
  // front axle 1-2, two dual rear axles 3-6 and 7-10
  tronton: diagram('tronton', [single(1), dual(3), dual(7)]),
  // steer axle 1-2, drive axle 3-6, trailer axle 7-10, last trailer axle 11-12
  trailer: diagram('trailer', [single(1), dual(3), dual(7), single(11)]),
};

/** The diagram kind of a unit type (case and spacing ignored); unknown types get the largest layout. */
export function diagramKindOf(unitType: string): DiagramKind {
  const key = unitType.trim().toUpperCase().replace(/\s+/g, ' ') as UnitType;
  return UNIT_TYPE_DIAGRAM[key] ?? 'trailer';
}

export function diagramOf(unitType: string): VehicleDiagram {
  return DIAGRAMS[diagramKindOf(unitType)];
}

/** Odd positions and ST are drawn on the left, even positions and ST2 on the right. */
export function sideOf(position: Position): 'left' | 'right' {
  if (position === 'ST') return 'left';
  if (position === 'ST2') return 'right';
  return Number(position) % 2 === 1 ? 'left' : 'right';
}

/** Whether a unit of this type has the position. */
export function hasPosition(unitType: string, position: string): boolean {
  return (diagramOf(unitType).positions as string[]).includes(position);
}

/**
 * Whether a unit of this type has a position of the QC matrix (QC_POSITIONS). The matrix names the
 * first spare 'ST1' where the diagram says 'ST'.
 */
export function hasQcPosition(unitType: string, qcPosition: string): boolean {
  return hasPosition(unitType, qcPosition === 'ST1' ? 'ST' : qcPosition);
}

/** Positions in the walk order of the unit type's diagram (a position it does not draw goes last). */
export function inWalkOrder<P extends string>(unitType: string, positions: readonly P[]): P[] {
  const walk: readonly string[] = diagramOf(unitType).walk;
  const rank = (p: string) => (walk.includes(p) ? walk.indexOf(p) : walk.length);
  return [...positions].sort((a, b) => rank(a) - rank(b));
}
