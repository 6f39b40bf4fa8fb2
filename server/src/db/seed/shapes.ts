import type { UnitType } from '@itms/contracts/enums';
import { type DiagramKind, diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';

// The shape of believable ITMS data: wheel layouts, tire specifications, serial numbers, identity
// numbers, working hours. Pure and deterministic given a Random, so the demo seed and the fleet
// generator (bench) produce data of the same shape.

/** Small, fast, seedable PRNG (mulberry32): the demo fleet is the same on every start. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Wheel layouts

const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

/** Wheels the demo fleet fills on each diagram (contracts' vehicle-diagram rule): 6 + ST, 10 + ST, 12 + ST + ST2. */
export const DIAGRAM_POSITIONS: Record<DiagramKind, readonly string[]> = {
  engkel: [...range(6), 'ST'],
  tronton: [...range(10), 'ST'],
  trailer: [...range(12), 'ST', 'ST2'],
};

export function unitPositions(type: UnitType): readonly string[] {
  return DIAGRAM_POSITIONS[diagramKindOf(type)];
}

/** Typical gross tonnage by unit type. */
export const UNIT_TONNAGE: Record<UnitType, readonly number[]> = {
  ENGKEL: [8, 10],
  CDD: [6, 8],
  CDE: [4, 5],
  'BIG UP': [2.5, 3],
  TRONTON: [20, 24],
  'DUMP TRUCK': [24, 26],
  HOULLER: [30, 40],
  TRAILLER: [30, 36],
  'HEAD TRAILER': [40],
  'BUNTUT TRAILER': [30],
  'CAR CARRIER': [16, 20],
  'BUNTUT CAR CARRIER': [12],
  'GANDENGAN DUMP TRUCK': [30],
};

// ---------------------------------------------------------------------------------------------
// Tires

export interface TireSize {
  size: string;
  /** New tread depth in mm. */
  newTread: number;
  /** Recommended pressure in PSI. */
  psi: number;
  tubeless: boolean;
  velgSize: string;
  velgHoles: number;
}

export const TIRE_SIZES: Record<string, TireSize> = {
  '7.00-16': { size: '7.00-16', newTread: 14, psi: 85, tubeless: false, velgSize: '16X5.50', velgHoles: 6 },
  '7.50-16': { size: '7.50-16', newTread: 15, psi: 95, tubeless: false, velgSize: '16X6.00', velgHoles: 6 },
  '8.25-16': { size: '8.25-16', newTread: 16, psi: 100, tubeless: false, velgSize: '16X6.50', velgHoles: 6 },
  '10.00-20': {
    size: '10.00-20',
    newTread: 18,
    psi: 110,
    tubeless: false,
    velgSize: '20X7.50',
    velgHoles: 8,
  },
  '11.00-20': {
    size: '11.00-20',
    newTread: 19,
    psi: 115,
    tubeless: false,
    velgSize: '20X8.00',
    velgHoles: 8,
  },
  '12.00-24': {
    size: '12.00-24',
    newTread: 21,
    psi: 120,
    tubeless: false,
    velgSize: '24X8.50',
    velgHoles: 10,
  },
  '295/80R22.5': {
    size: '295/80R22.5',
    newTread: 17,
    psi: 120,
    tubeless: true,
    velgSize: '22.5X9.00',
    velgHoles: 10,
  },
};

/** Sizes fitted to each unit type, most common first. */
export const UNIT_TIRE_SIZES: Record<UnitType, readonly string[]> = {
  ENGKEL: ['7.50-16'],
  CDD: ['7.50-16'],
  CDE: ['7.00-16'],
  'BIG UP': ['8.25-16', '7.50-16'],
  TRONTON: ['10.00-20', '11.00-20'],
  'DUMP TRUCK': ['11.00-20'],
  HOULLER: ['12.00-24'],
  TRAILLER: ['11.00-20'],
  'HEAD TRAILER': ['295/80R22.5', '11.00-20'],
  'BUNTUT TRAILER': ['11.00-20'],
  'CAR CARRIER': ['295/80R22.5'],
  'BUNTUT CAR CARRIER': ['295/80R22.5'],
  'GANDENGAN DUMP TRUCK': ['11.00-20'],
};

export interface Brand {
  name: string;
  /** Serial number prefix as moulded on the sidewall. */
  code: string;
  patterns: readonly string[];
  weight: number;
}

export const TIRE_BRANDS: readonly Brand[] = [
  { name: 'BRIDGESTONE', code: 'BS', patterns: ['R150', 'M789', 'L317', 'G580'], weight: 30 },
  { name: 'GT RADIAL', code: 'GT', patterns: ['GT638', 'GDL617', 'GAR820'], weight: 25 },
  { name: 'DUNLOP', code: 'DL', patterns: ['SP160', 'SP320', 'DT1'], weight: 15 },
  { name: 'GOODYEAR', code: 'GY', patterns: ['G686', 'G677', 'KMAX S'], weight: 12 },
  { name: 'MICHELIN', code: 'MC', patterns: ['X MULTI Z', 'XZY3', 'X WORKS'], weight: 10 },
  { name: 'HANKOOK', code: 'HK', patterns: ['AH11', 'DM09'], weight: 8 },
];

/** Retread (vulkanisir) brands and their tread patterns, used as the IR brand of RET tires. */
export const RETREAD_BRANDS: readonly { name: string; patterns: readonly string[] }[] = [
  { name: 'BANDAG', patterns: ['BDR-HG', 'BDL', 'BRM'] },
  { name: 'VIPAL', patterns: ['VL-60', 'VT-110'] },
];

export const TUBE_BRANDS = ['GT', 'IRC', 'SWALLOW', 'BRIDGESTONE'] as const;
export const FLAP_BRANDS = ['GT', 'IRC', 'SWALLOW'] as const;
export const VELG_BRANDS = ['TOPY', 'ACCURIDE', 'MAXION'] as const;

/** Serial as moulded: brand code, production year and week, plant letter, sequence: `BS2311A0457`. */
export function tireSerial(rnd: Random, brand: Brand, producedAt: Date): string {
  const yy = String(producedAt.getUTCFullYear() % 100).padStart(2, '0');
  const week = String(Math.min(52, Math.max(1, Math.ceil(dayOfYear(producedAt) / 7)))).padStart(2, '0');
  const plant = rnd.pick(['A', 'B', 'C', 'D', 'K', 'M']);
  return `${brand.code}${yy}${week}${plant}${String(rnd.int(1, 9999)).padStart(4, '0')}`;
}

function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Four groove depths around `center` (shoulders wear a little faster), all within 0..max. */
export function grooves(rnd: Random, center: number, max: number): [number, number, number, number] {
  const g = (delta: number) => Math.max(0, Math.min(max, Math.round(center + delta)));
  return [g(-rnd.int(0, 1)), g(rnd.int(0, 1) * 0.5), g(0), g(-rnd.int(0, 2) * 0.5)];
}

/** Condition codes (crown, shoulder, sidewalls, beads, interior) all normal. */
export const NORMAL_CONDITION = '99,99,99,99,99';

/** The defects a check occasionally finds: one part with a named code, the others normal. */
export const DEFECT_CONDITIONS = [
  '1,99,99,99,99',
  '8,99,99,99,99',
  '99,16,99,99,99',
  '99,99,23,99,99',
  '99,99,99,29,99',
  '99,99,99,99,36',
  '99,99,99,99,40',
] as const;

/** One QC item over the 14 positions (1-12, ST1, ST2): true where it passed, false where it failed or there is no wheel. */
export function qcItem(rnd: Random, positions: readonly string[], failRate: number): string {
  const qcPositions = [...range(12), 'ST1', 'ST2'];
  return qcPositions
    .map((p) => {
      const onUnit = positions.includes(p === 'ST1' ? 'ST' : p);
      return onUnit && !rnd.chance(failRate) ? 'true' : 'false';
    })
    .join(',');
}

// ---------------------------------------------------------------------------------------------
// People and time

/** NIK: province, regency, district, birth date (day + 40 for women), sequence; 16 digits. */
export function nik(rnd: Random, provinceCode: string, birth: Date, female = false): string {
  const dd = birth.getUTCDate() + (female ? 40 : 0);
  const mm = birth.getUTCMonth() + 1;
  const yy = birth.getUTCFullYear() % 100;
  const p2 = (n: number) => String(n).padStart(2, '0');
  return `${provinceCode}${p2(rnd.int(1, 20))}${p2(rnd.int(1, 30))}${p2(dd)}${p2(mm)}${p2(yy)}${String(rnd.int(1, 2999)).padStart(4, '0')}`;
}

const MOBILE_PREFIXES = ['0811', '0812', '0813', '0821', '0822', '0852', '0857', '0878', '0895'];

/** Indonesian mobile number in the `08...` form; unique within `taken`. */
export function mobileNumber(rnd: Random, taken: Set<string>): string {
  for (;;) {
    const prefix = rnd.pick(MOBILE_PREFIXES);
    const n = `${prefix}${String(rnd.int(0, 99_999_999)).padStart(8, '0')}`;
    if (!taken.has(n)) {
      taken.add(n);
      return n;
    }
  }
}

/** Asia/Jakarta is UTC+7 all year (no daylight saving). */
export const JAKARTA_OFFSET_MS = 7 * 3600_000;

/** Midnight (Jakarta) of the day containing `t`, as a UTC instant. */
export function jakartaDayStart(t: Date): Date {
  const local = t.getTime() + JAKARTA_OFFSET_MS;
  return new Date(local - (local % 86_400_000) - JAKARTA_OFFSET_MS);
}

/** Weekday in Jakarta, 0 = Sunday. */
export function jakartaWeekday(t: Date): number {
  return new Date(t.getTime() + JAKARTA_OFFSET_MS).getUTCDay();
}

/** `n` sorted instants within working hours (07:00-17:00 Jakarta) of the day starting at `dayStart`. */
export function workingTimes(rnd: Random, dayStart: Date, n: number): Date[] {
  const minutes = Array.from({ length: n }, () => rnd.int(7 * 60, 16 * 60 + 50)).sort((a, b) => a - b);
  return minutes.map((m) => new Date(dayStart.getTime() + m * 60_000 + rnd.int(0, 59) * 1000));
}

export const DAY_MS = 86_400_000;
