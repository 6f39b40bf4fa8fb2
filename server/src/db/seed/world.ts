import { CASING_STATUSES, FLAP_STATUSES, TUBE_STATUSES, type UnitType } from '@itms/contracts/enums';
import { diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';
import type {
  activeUnitTires,
  customers,
  drivers,
  locations,
  mismatches,
  mismatchPositions,
  projects,
  qcChecks,
  regions,
  tireChecks,
  tireEvents,
  tireReplacements,
  tireReplaceRecords,
  tireRequests,
  tires,
  units,
  users,
} from '../schema';
import {
  BKB_CATEGORIES,
  CHECK_EQUIPMENT,
  CUSTOMERS,
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  DEMO_STAFF,
  DEMO_WORKSHOP,
  driverNames,
  LOCATIONS,
  PROJECTS,
  QC_CHECKERS,
  REGIONS,
  TIRE_MEN,
  TIREMAN_DEPARTMENT,
} from './names';
import {
  type Brand,
  DAY_MS,
  FLAP_BRANDS,
  grooves,
  JAKARTA_OFFSET_MS,
  jakartaDayStart,
  jakartaWeekday,
  mobileNumber,
  NORMAL_CONDITION,
  nik,
  qcItem,
  Random,
  RETREAD_BRANDS,
  TIRE_BRANDS,
  TIRE_SIZES,
  TUBE_BRANDS,
  tireSerial,
  UNIT_TIRE_SIZES,
  UNIT_TONNAGE,
  unitPositions,
  VELG_BRANDS,
  workingTimes,
} from './shapes';

// Builds the whole demo operation in memory, consistent end to end: every tire is mounted at
// most once at any time, the ledger tells each tire's story, checks see the tires that were
// mounted when they were made, validated documents carry signatures. demo.ts writes it out.

export const DEMO_TIRE_COUNT = 600;
/** Days of check history, today included. */
export const DEMO_HISTORY_DAYS = 61;

/** Paths of the stored demo pictures, shared by many rows. */
export interface DemoImages {
  /** 0 admin, 1 staff, then one per tire man. */
  userPhotos: string[];
  tiremanSignatures: string[];
  adminSignature: string;
  /** What EDP drew when validating (the demo staff account keeps no stored signature). */
  edpSignature: string;
  picSignatures: string[];
  driverSignatures: string[];
  workshopSignatures: string[];
  driverPhotos: string[];
  platePhotos: string[];
  odometerPhotos: string[];
  /** Sidewall photo by original brand. */
  tirePhotos: Record<string, string>;
  banners: string[];
  news: (string | null)[];
}

/** Highest id already used in each table that the seed fills with explicit ids (0 when empty). */
export interface IdBase {
  users: number;
  regions: number;
  locations: number;
  drivers: number;
  customers: number;
  projects: number;
  units: number;
  tires: number;
  tire_checks: number;
  tire_replacements: number;
  mismatches: number;
  tire_requests: number;
}

/** One stretch of time during which a tire sat on a unit position; check records are derived from these. */
export interface MountInterval {
  unit_id: number;
  position: string;
  tire_id: number;
  from_ts: string;
  to_ts: string;
  /** Tread depth when mounted, unit odometer when mounted, wear in km per mm, nominal PSI. */
  tread0: number;
  odo0: number;
  km_per_mm: number;
  psi: number;
}

/** A change applied to one record of a pending check after the records exist (what the tire man found). */
export interface RecordFinding {
  checkId: number;
  position: string;
  /** null: the record is removed (the tire was not there). */
  serial: string | null;
  tireId: number | null;
}

export interface DemoWorld {
  users: (typeof users.$inferInsert)[];
  regions: (typeof regions.$inferInsert)[];
  locations: (typeof locations.$inferInsert)[];
  customers: (typeof customers.$inferInsert)[];
  projects: (typeof projects.$inferInsert)[];
  drivers: (typeof drivers.$inferInsert)[];
  units: (typeof units.$inferInsert)[];
  tires: (typeof tires.$inferInsert)[];
  activeUnitTires: (typeof activeUnitTires.$inferInsert)[];
  tireEvents: (typeof tireEvents.$inferInsert)[];
  tireChecks: (typeof tireChecks.$inferInsert)[];
  mounts: MountInterval[];
  findings: RecordFinding[];
  tireReplacements: (typeof tireReplacements.$inferInsert)[];
  tireReplaceRecords: (typeof tireReplaceRecords.$inferInsert)[];
  mismatches: (typeof mismatches.$inferInsert)[];
  mismatchPositions: (typeof mismatchPositions.$inferInsert)[];
  qcChecks: (typeof qcChecks.$inferInsert)[];
  tireRequests: (typeof tireRequests.$inferInsert)[];
}

type TireRow = typeof tires.$inferInsert & { id: number };

interface SimTire {
  row: TireRow;
  initialTread: number;
  kmPerMm: number;
  psi: number;
  receivedAt: Date;
  brand: Brand;
}

interface SimUnit {
  id: number;
  index: number;
  type: UnitType;
  location: number;
  project: number;
  plate: string;
  sizeKey: string;
  handled: Date;
  odoAtHandled: number;
  kmPerDay: number;
  driver: number;
  positions: readonly string[];
}

interface Slot {
  tire: SimTire;
  from: Date;
  odo0: number;
  tread0: number;
  kmPerMm: number;
}

const SPARE_POSITIONS = new Set(['ST', 'ST2']);
const VULK_CASINGS = CASING_STATUSES.filter((c) => c.includes('VULK'));
const iso = (d: Date) => d.toISOString();
const round1 = (n: number) => Math.round(n * 10) / 10;

/** yyyy-mm-dd of the Jakarta day containing `t`. */
function jakartaDate(t: Date): string {
  return new Date(t.getTime() + JAKARTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** An instant at a random working time on the Jakarta day `daysAgo` days before `now`, never after `limit`. */
function workingTimeDaysAgo(rnd: Random, now: Date, daysAgo: number, limit: Date): Date {
  const day = new Date(jakartaDayStart(now).getTime() - daysAgo * DAY_MS);
  const t = workingTimes(rnd, day, 1)[0];
  if (t <= limit) return t;
  // not yet happened today (or earlier than allowed): the day before
  return workingTimeDaysAgo(rnd, now, daysAgo + 1, limit);
}

export function buildDemoWorld(
  now: Date,
  img: DemoImages,
  base: IdBase,
  passwordHashes: string[],
): DemoWorld {
  const rPeople = new Random(11);
  const rFleet = new Random(23);
  const rOps = new Random(37);
  const rChecks = new Random(41);
  const rDocs = new Random(53);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const today0 = jakartaDayStart(now);
  const windowStart = new Date(today0.getTime() - (DEMO_HISTORY_DAYS - 1) * DAY_MS);

  // ------------------------------------------------------------------ people and organisation
  const phones = new Set<string>();
  const birth = (r: Random) => new Date(Date.UTC(r.int(1976, 1999), r.int(0, 11), r.int(1, 28)));
  const adminId = base.users + 1;
  const staffId = base.users + 2;
  const tiremanId = (k: number) => base.users + 3 + k;
  const userRows: DemoWorld['users'] = [
    {
      id: adminId,
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      phone: mobileNumber(rPeople, phones),
      nik: nik(rPeople, '31', birth(rPeople)),
      role: 'admin',
      photo: img.userPhotos[0],
      signature: img.adminSignature,
      department: DEMO_ADMIN.department,
      password_hash: passwordHashes[0],
      created_at: ago(720),
    },
    {
      id: staffId,
      name: DEMO_STAFF.name,
      email: DEMO_STAFF.email,
      phone: mobileNumber(rPeople, phones),
      nik: nik(rPeople, '31', birth(rPeople), true),
      role: 'staff',
      photo: img.userPhotos[1],
      // no stored signature: EDP draws one when validating
      signature: '-',
      department: DEMO_STAFF.department,
      password_hash: passwordHashes[1],
      created_at: ago(700),
    },
    ...TIRE_MEN.map((tm, k) => ({
      id: tiremanId(k),
      name: tm.name,
      email: tm.email,
      phone: mobileNumber(rPeople, phones),
      nik: nik(rPeople, REGIONS[LOCATIONS[tm.location].region].province, birth(rPeople)),
      role: 'tire-man',
      photo: img.userPhotos[2 + k],
      signature: img.tiremanSignatures[k],
      department: TIREMAN_DEPARTMENT,
      password_hash: passwordHashes[2 + k],
      created_at: ago(rPeople.int(120, 540)),
    })),
    {
      id: tiremanId(TIRE_MEN.length),
      name: DEMO_WORKSHOP.name,
      email: DEMO_WORKSHOP.email,
      phone: mobileNumber(rPeople, phones),
      nik: nik(rPeople, '31', birth(rPeople)),
      role: 'workshop',
      photo: '-',
      // no stored signature: draws one on Tanda Tangan Workshop, or stores one in Profil
      signature: '-',
      department: DEMO_WORKSHOP.department,
      password_hash: passwordHashes[2 + TIRE_MEN.length],
      created_at: ago(700),
    },
    {
      id: tiremanId(TIRE_MEN.length + 1),
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      role: 'customer',
      customer_id: base.customers + 1,
      photo: '-',
      signature: '-',
      department: DEMO_CUSTOMER.department,
      password_hash: passwordHashes[3 + TIRE_MEN.length],
      created_at: ago(300),
    },
  ];
  const tiremenAt = LOCATIONS.map((_, l) => TIRE_MEN.flatMap((tm, k) => (tm.location === l ? [k] : [])));

  const regionRows: DemoWorld['regions'] = REGIONS.map((r, i) => ({
    id: base.regions + 1 + i,
    name: r.name,
    pic: r.pic,
    manpower: TIRE_MEN.filter((tm) => LOCATIONS[tm.location].region === i).length,
  }));
  const locationId = (l: number) => base.locations + 1 + l;
  const locationRows: DemoWorld['locations'] = LOCATIONS.map((l, i) => ({
    id: locationId(i),
    name: l.name,
    region_id: base.regions + 1 + l.region,
  }));
  const customerRows: DemoWorld['customers'] = CUSTOMERS.map((name, i) => ({
    id: base.customers + 1 + i,
    name,
    created_at: ago(730 - i * 75),
  }));
  const projectRows: DemoWorld['projects'] = PROJECTS.map((p, i) => ({
    id: base.projects + 1 + i,
    name: p.name,
    customer_id: base.customers + 1 + p.customer,
    created_at: ago(700 - i * 40),
  }));

  const unitCount = LOCATIONS.reduce((n, l) => n + l.units.length, 0);
  const driverRows: DemoWorld['drivers'] = driverNames(unitCount).map((name, i) => ({
    id: base.drivers + 1 + i,
    name,
    phone: mobileNumber(rPeople, phones),
    photo: img.driverPhotos[i % img.driverPhotos.length],
  }));

  // ------------------------------------------------------------------ units
  const plates = new Set<string>();
  const simUnits: SimUnit[] = [];
  LOCATIONS.forEach((loc, l) => {
    for (const [type, project] of loc.units) {
      let plate = '';
      do {
        const first = loc.plate === 'B' ? 9 : rFleet.pick([8, 9]);
        plate = `${loc.plate} ${first}${String(rFleet.int(0, 999)).padStart(3, '0')} ${rFleet.pick(loc.suffixes)}`;
      } while (plates.has(plate));
      plates.add(plate);
      const index = simUnits.length;
      const sizes = UNIT_TIRE_SIZES[type];
      const diagram = diagramKindOf(type);
      simUnits.push({
        id: base.units + 1 + index,
        index,
        type,
        location: l,
        project,
        plate,
        sizeKey: sizes.length > 1 && rFleet.chance(0.3) ? sizes[1] : sizes[0],
        handled: ago(rFleet.int(150, 700)),
        odoAtHandled: rFleet.int(8, 160) * 1000 + rFleet.int(0, 999),
        kmPerDay:
          diagram === 'engkel'
            ? rFleet.int(120, 220)
            : diagram === 'tronton'
              ? rFleet.int(150, 280)
              : rFleet.int(200, 380),
        driver: index,
        positions: unitPositions(type),
      });
    }
  });
  /** Unit odometer at time t: steady daily distance with a small day-to-day wobble (never decreasing). */
  const odoAt = (u: SimUnit, t: Date) => {
    const days = (t.getTime() - u.handled.getTime()) / DAY_MS;
    return Math.round(u.odoAtHandled + u.kmPerDay * days + 30 * Math.sin(days * 0.7));
  };
  const unitRows: DemoWorld['units'] = simUnits.map((u) => ({
    id: u.id,
    plate_number: u.plate,
    unit_type: u.type,
    project_id: base.projects + 1 + u.project,
    handled_date: jakartaDate(u.handled),
    tonnage: rFleet.pick(UNIT_TONNAGE[u.type]),
    status: 'active',
    plan_project: '-',
    created_at: u.handled,
  }));

  // ------------------------------------------------------------------ tires
  const serials = new Set<string>();
  const simTires: SimTire[] = [];
  const uniqueSerial = (r: Random, brand: Brand, produced: Date) => {
    for (;;) {
      const s = tireSerial(r, brand, produced);
      if (!serials.has(s)) {
        serials.add(s);
        return s;
      }
    }
  };
  /** Rupiah: most tires have a purchase price (a retread one a cheaper casing plus its retread cost). */
  const rPrice = new Random(61);
  const tirePrices = (newTread: number, ret: boolean) => {
    if (rPrice.chance(0.12)) return { purchase_price: null, retread_cost: null };
    const base = newTread * rPrice.int(180, 260) * 1000;
    return ret
      ? { purchase_price: Math.round(base * 0.45), retread_cost: rPrice.int(900, 1500) * 1000 }
      : { purchase_price: base, retread_cost: null };
  };

  const newTire = (
    r: Random,
    sizeKey: string,
    receivedAt: Date,
    kind: 'normal' | 'new' | 'spare' = 'normal',
  ) => {
    const spec = TIRE_SIZES[sizeKey];
    const brand = r.weighted(TIRE_BRANDS.map((b) => [b, b.weight] as const));
    const ret = kind === 'normal' && r.chance(0.22);
    const retread = r.pick(RETREAD_BRANDS);
    const initialTread = ret ? spec.newTread - r.int(1, 3) : spec.newTread;
    const casing =
      kind === 'spare'
        ? r.pick(['SPARE ORIGINAL', 'SPARE VULKANISIR', 'BAN SPARE GANJAL'])
        : ret
          ? r.pick(VULK_CASINGS)
          : r.chance(0.05)
            ? 'NEW REPAIR JASA'
            : r.pick(['NEW ORIGINAL', 'NEW ORIGINAL', 'ORIGINAL OEM']);
    const g = grooves(r, initialTread, 24);
    const row: TireRow = {
      id: base.tires + 1 + simTires.length,
      serial_number: uniqueSerial(r, brand, new Date(receivedAt.getTime() - r.int(20, 240) * DAY_MS)),
      serial_number_img: img.tirePhotos[brand.name] ?? '-',
      ir_brand: ret ? retread.name : brand.name,
      ori_brand: brand.name,
      pattern: ret ? r.pick(retread.patterns) : r.pick(brand.patterns),
      size: spec.size,
      is_original: ret ? 'RET' : 'ORI',
      groove_1: g[0],
      groove_2: g[1],
      groove_3: g[2],
      groove_4: g[3],
      groove_lowest: Math.min(...g),
      pressure: spec.psi,
      casing_status: casing,
      tube_brand: spec.tubeless ? '' : r.pick(TUBE_BRANDS),
      tube_size: spec.tubeless ? '' : spec.size,
      tube_status: spec.tubeless ? 'TANPA TUBE' : r.pick(TUBE_STATUSES.filter((s) => s !== 'TANPA TUBE')),
      flap_brand: spec.tubeless ? '' : r.pick(FLAP_BRANDS),
      flap_size: spec.tubeless ? '' : spec.size,
      flap_status: spec.tubeless ? 'TANPA FLAP' : r.pick(FLAP_STATUSES.filter((s) => s !== 'TANPA FLAP')),
      velg_brand: r.pick(VELG_BRANDS),
      velg_size: spec.velgSize,
      velg_holes: spec.velgHoles,
      velg_status: r.chance(0.6) ? 'EKS' : 'NEW',
      information: '',
      condition: NORMAL_CONDITION,
      status: 'UNINSTALLED',
      position: '',
      odometer: 0,
      created_at: receivedAt,
      ...tirePrices(spec.newTread, ret),
    };
    const t: SimTire = {
      row,
      initialTread,
      kmPerMm: r.int(5500, 9000) * (ret ? 0.85 : 1),
      psi: spec.psi,
      receivedAt,
      brand,
    };
    simTires.push(t);
    return t;
  };

  // ------------------------------------------------------------------ ledger and mounting
  const events: (typeof tireEvents.$inferInsert & { at: Date; ref?: { id?: number } })[] = [];
  const event = (
    t: SimTire,
    kind: string,
    at: Date,
    extra: Partial<typeof tireEvents.$inferInsert> & { ref?: { id?: number } } = {},
  ) =>
    events.push({
      tire_id: t.row.id,
      kind,
      at,
      created_at: at,
      source_type: 'manual',
      user_id: staffId,
      ...extra,
    });

  const received = (
    t: SimTire,
    note = t.row.is_original === 'RET' ? 'Ban vulkanisir diterima' : 'Ban baru diterima',
  ) => event(t, 'received', t.receivedAt, { to_status: 'UNINSTALLED', note });

  const mounts: MountInterval[] = [];
  const slots = new Map<string, Slot>();
  const slotKey = (u: SimUnit, p: string) => `${u.index}:${p}`;
  const treadAt = (s: Slot, u: SimUnit, t: Date) =>
    Math.max(0, s.tread0 - (odoAt(u, t) - s.odo0) / s.kmPerMm);

  const mount = (
    u: SimUnit,
    p: string,
    t: SimTire,
    at: Date,
    tread0: number,
    source: Partial<typeof tireEvents.$inferInsert> & { ref?: { id?: number } },
  ) => {
    const kmPerMm = SPARE_POSITIONS.has(p) ? 1e9 : t.kmPerMm;
    slots.set(slotKey(u, p), { tire: t, from: at, odo0: odoAt(u, at), tread0, kmPerMm });
    t.row.status = 'INSTALLED';
    t.row.position = p;
    t.row.odometer = odoAt(u, at);
    event(t, 'installed', at, {
      unit_id: u.id,
      position: p,
      odometer: odoAt(u, at),
      from_status: 'UNINSTALLED',
      to_status: 'INSTALLED',
      ...source,
    });
  };
  /** Ends the current mount of a position; the tire goes to stock with its last tread. */
  const unmount = (
    u: SimUnit,
    p: string,
    at: Date,
    source: Partial<typeof tireEvents.$inferInsert> & { ref?: { id?: number } },
  ) => {
    const s = slots.get(slotKey(u, p))!;
    const tread = treadAt(s, u, at);
    mounts.push(intervalOf(u, p, s, at));
    slots.delete(slotKey(u, p));
    const g = grooves(rOps, tread, 24);
    Object.assign(s.tire.row, {
      status: 'UNINSTALLED',
      position: '',
      odometer: odoAt(u, at),
      groove_1: g[0],
      groove_2: g[1],
      groove_3: g[2],
      groove_4: g[3],
      groove_lowest: Math.min(...g),
    });
    event(s.tire, 'removed', at, {
      unit_id: u.id,
      position: p,
      odometer: odoAt(u, at),
      from_status: 'INSTALLED',
      to_status: 'UNINSTALLED',
      ...source,
    });
    return { tire: s.tire, tread };
  };
  const intervalOf = (u: SimUnit, p: string, s: Slot, to: Date | null): MountInterval => ({
    unit_id: u.id,
    position: p,
    tire_id: s.tire.row.id,
    from_ts: iso(s.from),
    to_ts: to ? iso(to) : 'infinity',
    tread0: round1(s.tread0),
    odo0: s.odo0,
    km_per_mm: s.kmPerMm,
    psi: s.tire.psi,
  });

  // every position of every unit gets a tire, mounted long enough ago to have worn to a spread of depths
  const lastInitialMount = new Date(windowStart.getTime() - 2 * DAY_MS);
  for (const u of simUnits) {
    for (const p of u.positions) {
      const mountedGuess = rFleet.int(0, 1000) / 1000;
      const earliest = new Date(Math.max(u.handled.getTime() + DAY_MS, ago(420).getTime()));
      let at = new Date(
        earliest.getTime() + mountedGuess * (lastInitialMount.getTime() - earliest.getTime()),
      );
      at = workingTimeDaysAgo(
        rFleet,
        now,
        Math.round((now.getTime() - at.getTime()) / DAY_MS),
        lastInitialMount,
      );
      const t = newTire(rFleet, u.sizeKey, new Date(at.getTime() - rFleet.int(2, 25) * DAY_MS));
      received(t);
      const tread0 = SPARE_POSITIONS.has(p) ? t.initialTread - rFleet.int(0, 4) : t.initialTread;
      mount(u, p, t, at, tread0, {
        user_id: tiremanId(rFleet.pick(tiremenAt[u.location])),
        note: 'Pemasangan awal',
      });
    }
  }

  // ------------------------------------------------------------------ documents: replacements and BKB
  type Doc = (typeof tireReplacements.$inferInsert | typeof mismatches.$inferInsert) & { id?: number };
  const replacementRows: (typeof tireReplacements.$inferInsert & { id?: number })[] = [];
  const replaceRecordRows: (Omit<typeof tireReplaceRecords.$inferInsert, 'tire_replacement_id'> & {
    doc: Doc;
  })[] = [];
  const mismatchRows: (typeof mismatches.$inferInsert & { id?: number })[] = [];
  const mismatchPositionRows: (Omit<typeof mismatchPositions.$inferInsert, 'mismatch_id'> & { doc: Doc })[] =
    [];

  const unitTireman = (r: Random, u: SimUnit) => r.pick(tiremenAt[u.location]);
  const regionOf = (u: SimUnit) => LOCATIONS[u.location].region;
  const wheelPositions = (u: SimUnit) => u.positions.filter((p) => !SPARE_POSITIONS.has(p));
  const lowestPositions = (u: SimUnit, at: Date, n: number) =>
    wheelPositions(u)
      .map((p) => ({ p, tread: treadAt(slots.get(slotKey(u, p))!, u, at) }))
      .sort((a, b) => a.tread - b.tread)
      .slice(0, n)
      .map((x) => x.p);
  const recordOf = (
    t: SimTire,
    u: SimUnit,
    p: string,
    at: Date,
    tread: number,
    status: 'replace' | 'remove' | 'check',
    doc: Doc,
  ) => {
    const g = grooves(rOps, tread, 24);
    const { id: _id, status: _s, created_at: _c, ...fields } = t.row;
    replaceRecordRows.push({
      ...fields,
      doc,
      tire_id: t.row.id,
      position: p,
      odometer: odoAt(u, at),
      groove_1: g[0],
      groove_2: g[1],
      groove_3: g[2],
      groove_4: g[3],
      groove_lowest: Math.min(...g),
      pressure: t.psi,
      status,
      created_at: at,
      updated_at: at,
    });
  };
  const spk = (u: SimUnit, at: Date, n: number) =>
    `SPK/${LOCATIONS[u.location].plate}/${jakartaDate(at).slice(0, 7).replace('-', '')}/${String(n).padStart(4, '0')}`;

  // approved documents happen in the older part of the window, oldest first
  const opStart = windowStart.getTime() + DAY_MS;
  const opEnd = ago(12).getTime();
  type Op =
    | { kind: 'replacement'; at: Date; unit: SimUnit; n: number }
    | { kind: 'bkb'; at: Date; unit: SimUnit; category: keyof typeof BKB_CATEGORIES; noDriver: boolean };
  const ops: Op[] = [];
  const opTime = () => {
    const t = new Date(opStart + rOps.next() * (opEnd - opStart));
    return workingTimes(rOps, jakartaDayStart(t), 1)[0];
  };
  for (let i = 0; i < 34; i++)
    ops.push({ kind: 'replacement', at: opTime(), unit: rOps.pick(simUnits), n: rOps.chance(0.3) ? 2 : 1 });
  const approvedBkb: (keyof typeof BKB_CATEGORIES)[] = [
    ...Array<'swapped'>(5).fill('swapped'),
    ...Array<'serial'>(8).fill('serial'),
    ...Array<'brand'>(3).fill('brand'),
    ...Array<'missing'>(2).fill('missing'),
  ];
  approvedBkb.forEach((category, i) => {
    ops.push({ kind: 'bkb', at: opTime(), unit: rOps.pick(simUnits), category, noDriver: i % 6 === 5 });
  });
  ops.sort((a, b) => a.at.getTime() - b.at.getTime());

  const misread = (serial: string) => {
    const i = serial.length - 1 - rOps.int(0, 3);
    const d = (Number(serial[i]) + rOps.int(1, 8)) % 10;
    return `${serial.slice(0, i)}${Number.isNaN(d) ? '8' : d}${serial.slice(i + 1)}`;
  };

  const signedBy = (u: SimUnit, tm: number) => ({
    tireman_sign: img.tiremanSignatures[tm],
    pic_sign: img.picSignatures[regionOf(u)],
    itms_sign: img.tiremanSignatures[tm],
  });

  for (const op of ops) {
    const u = op.unit;
    const tm = unitTireman(rOps, u);
    const validatedAt = new Date(op.at.getTime() + rOps.int(2, 26) * 3600_000);
    if (op.kind === 'replacement') {
      const doc: typeof tireReplacements.$inferInsert & { id?: number } = {
        unit_id: u.id,
        tireman_id: tiremanId(tm),
        location_id: locationId(u.location),
        project_id: base.projects + 1 + u.project,
        odometer: odoAt(u, op.at),
        spk: '',
        plate_number_url: img.platePhotos[u.index],
        odometer_url: rOps.pick(img.odometerPhotos),
        ...signedBy(u, tm),
        edp_sign: img.edpSignature,
        workshop_sign: rOps.pick(img.workshopSignatures),
        status: 'approved',
        validated_by: staffId,
        validated_at: validatedAt,
        created_at: op.at,
        updated_at: validatedAt,
      };
      replacementRows.push(doc);
      const positions = lowestPositions(u, op.at, op.n);
      for (const p of positions) {
        const fresh = newTire(rOps, u.sizeKey, new Date(op.at.getTime() - rOps.int(5, 40) * DAY_MS), 'new');
        received(fresh);
        const off = unmount(u, p, validatedAt, {
          source_type: 'tire-replacement',
          ref: doc,
          note: 'Dilepas (pergantian)',
        });
        recordOf(off.tire, u, p, op.at, off.tread, 'remove', doc);
        recordOf(fresh, u, p, op.at, fresh.initialTread, 'replace', doc);
        mount(u, p, fresh, validatedAt, fresh.initialTread, {
          source_type: 'tire-replacement',
          ref: doc,
          note: 'Dipasang (pergantian)',
        });
        if (rOps.chance(0.3)) {
          off.tire.row.status = 'SCRAP';
          off.tire.row.casing_status = 'BAN SCRAP GANJAL';
          off.tire.row.information = 'Casing rusak, tidak layak vulkanisir';
          event(off.tire, 'scrapped', new Date(validatedAt.getTime() + rOps.int(1, 3) * DAY_MS), {
            from_status: 'UNINSTALLED',
            to_status: 'SCRAP',
            note: 'Ban di-scrap',
          });
        } else {
          off.tire.row.information = 'Menunggu proses vulkanisir';
        }
      }
      for (const p of rOps
        .shuffle(wheelPositions(u).filter((x) => !positions.includes(x)))
        .slice(0, rOps.int(0, 2))) {
        const s = slots.get(slotKey(u, p))!;
        recordOf(s.tire, u, p, op.at, treadAt(s, u, op.at), 'check', doc);
      }
      continue;
    }
    // an approved BKB
    const driver = driverRows[u.driver];
    const doc: typeof mismatches.$inferInsert & { id?: number } = {
      unit_id: u.id,
      tireman_id: tiremanId(tm),
      location_id: locationId(u.location),
      project_id: base.projects + 1 + u.project,
      category: BKB_CATEGORIES[op.category],
      information: '',
      driver: op.noDriver ? null : driver.name,
      driver_phone: op.noDriver ? '' : driver.phone,
      driver_photo: op.noDriver ? '-' : (driver.photo ?? '-'),
      image_url: '-',
      signature_url: img.edpSignature,
      itms_id: staffId,
      status: 'approved',
      validated_at: validatedAt,
      created_at: op.at,
      updated_at: validatedAt,
    };
    mismatchRows.push(doc);
    const wheels = wheelPositions(u);
    if (op.category === 'swapped') {
      const [a, b] = rOps.shuffle(wheels).slice(0, 2);
      const sa = slots.get(slotKey(u, a))!;
      const sb = slots.get(slotKey(u, b))!;
      const ta = treadAt(sa, u, validatedAt);
      const tb = treadAt(sb, u, validatedAt);
      doc.information = `Ban posisi ${a} dan ${b} tertukar setelah rotasi di bengkel`;
      doc.image_url = img.tirePhotos[sa.tire.brand.name] ?? '-';
      const source = { source_type: 'mismatch', ref: doc, note: 'Koreksi posisi (BKB)' } as const;
      unmount(u, a, validatedAt, source);
      unmount(u, b, validatedAt, source);
      mount(u, a, sb.tire, validatedAt, tb, source);
      mount(u, b, sa.tire, validatedAt, ta, source);
      mismatchPositionRows.push(
        {
          doc,
          position: a,
          origin_tire_id: sa.tire.row.id,
          origin_serial: sa.tire.row.serial_number,
          found_serial: sb.tire.row.serial_number,
          new_tire_id: sb.tire.row.id,
          action: 'update',
          created_at: op.at,
        },
        {
          doc,
          position: b,
          origin_tire_id: sb.tire.row.id,
          origin_serial: sb.tire.row.serial_number,
          found_serial: sa.tire.row.serial_number,
          new_tire_id: sa.tire.row.id,
          action: 'update',
          created_at: op.at,
        },
      );
      continue;
    }
    const p = op.category === 'missing' ? 'ST' : rOps.pick(wheels);
    const s = slots.get(slotKey(u, p))!;
    const serial = s.tire.row.serial_number;
    doc.image_url = img.tirePhotos[s.tire.brand.name] ?? '-';
    const found = op.category === 'serial' ? misread(serial) : op.category === 'brand' ? serial : '';
    doc.information =
      op.category === 'serial'
        ? `Nomor seri terbaca ${found}, setelah dicek ulang sesuai data ${serial}`
        : op.category === 'brand'
          ? `Merk di lapangan tercatat ${rOps.pick(TIRE_BRANDS.filter((b) => b.name !== s.tire.brand.name)).name}, setelah verifikasi sesuai data`
          : 'Ban cadangan ditemukan di gudang pool saat verifikasi';
    mismatchPositionRows.push({
      doc,
      position: p,
      origin_tire_id: s.tire.row.id,
      origin_serial: serial,
      found_serial: found,
      new_tire_id: s.tire.row.id,
      action: 'normal',
      created_at: op.at,
    });
  }

  // pending replacements: recent, not applied yet; their new tires wait in stock
  const pendingReplacementUnits = rOps.shuffle(simUnits).slice(0, 24);
  pendingReplacementUnits.forEach((u, i) => {
    const at = workingTimeDaysAgo(rOps, now, rOps.int(0, 9), new Date(now.getTime() - 30 * 60_000));
    const tm = unitTireman(rOps, u);
    const awaitingPic = i % 6 === 5;
    const doc: typeof tireReplacements.$inferInsert & { id?: number } = {
      unit_id: u.id,
      tireman_id: tiremanId(tm),
      location_id: locationId(u.location),
      project_id: base.projects + 1 + u.project,
      odometer: odoAt(u, at),
      spk: '',
      plate_number_url: img.platePhotos[u.index],
      odometer_url: rOps.pick(img.odometerPhotos),
      ...signedBy(u, tm),
      ...(awaitingPic ? { pic_sign: '-', itms_sign: '-' } : {}),
      status: 'pending',
      created_at: at,
      updated_at: at,
    };
    replacementRows.push(doc);
    const positions = lowestPositions(u, at, rOps.chance(0.3) ? 2 : 1);
    for (const p of positions) {
      const s = slots.get(slotKey(u, p))!;
      const fresh = newTire(rOps, u.sizeKey, new Date(at.getTime() - rOps.int(3, 30) * DAY_MS), 'new');
      received(fresh);
      fresh.row.information = 'Dialokasikan untuk pergantian';
      recordOf(s.tire, u, p, at, treadAt(s, u, at), 'remove', doc);
      recordOf(fresh, u, p, at, fresh.initialTread, 'replace', doc);
    }
    for (const p of rOps
      .shuffle(wheelPositions(u).filter((x) => !positions.includes(x)))
      .slice(0, rOps.int(0, 2))) {
      const s = slots.get(slotKey(u, p))!;
      recordOf(s.tire, u, p, at, treadAt(s, u, at), 'check', doc);
    }
  });

  // ------------------------------------------------------------------ stock: requests, spares, the rest
  const requestRows: (typeof tireRequests.$inferInsert & { id: number })[] = [];
  const requestSize = () =>
    rDocs.pick(['7.50-16', '7.50-16', '11.00-20', '10.00-20', '295/80R22.5', '7.00-16']);
  for (let i = 0; i < 8; i++) {
    const approved = i < 3;
    const at = workingTimeDaysAgo(rDocs, now, approved ? rDocs.int(15, 50) : rDocs.int(0, 6), now);
    const id = base.tire_requests + 1 + i;
    const t = newTire(rDocs, requestSize(), at, 'new');
    const { id: _id, status: _s, created_at: _c, position: _p, ...fields } = t.row;
    requestRows.push({
      ...fields,
      id,
      serial_number_img: '-',
      condition: '-',
      status: approved ? 'approved' : 'pending',
      tire_id: approved ? t.row.id : null,
      performed_at: at,
      created_at: at,
      updated_at: at,
    });
    if (approved) {
      const approvedAt = new Date(at.getTime() + rDocs.int(2, 48) * 3600_000);
      t.receivedAt = approvedAt;
      t.row.created_at = approvedAt;
      event(t, 'received', approvedAt, {
        to_status: 'UNINSTALLED',
        source_type: 'tire-request',
        source_id: id,
        note: 'Permintaan ban baru disetujui',
      });
    } else {
      // a pending request is not a tire yet (its serial stays reserved)
      simTires.pop();
    }
  }
  for (let i = 0; i < 6; i++) {
    const t = newTire(rDocs, requestSize(), ago(rDocs.int(20, 200)), 'spare');
    received(t, 'Ban spare diterima');
    t.row.status = 'SPARE';
    event(t, 'status', new Date(t.receivedAt.getTime() + DAY_MS), {
      from_status: 'UNINSTALLED',
      to_status: 'SPARE',
      note: 'Disimpan sebagai ban spare',
    });
  }
  if (simTires.length > DEMO_TIRE_COUNT)
    throw new Error(`demo seed: ${simTires.length} tires exceed ${DEMO_TIRE_COUNT}`);
  while (simTires.length < DEMO_TIRE_COUNT) {
    const t = newTire(rDocs, requestSize(), ago(rDocs.int(3, 90)), 'normal');
    received(t);
  }

  // the mounts that last until now
  for (const u of simUnits)
    for (const p of u.positions) mounts.push(intervalOf(u, p, slots.get(slotKey(u, p))!, null));

  const activeRows: DemoWorld['activeUnitTires'] = simUnits.flatMap((u) =>
    u.positions.map((p) => {
      const s = slots.get(slotKey(u, p))!;
      return {
        unit_id: u.id,
        position: p,
        tire_id: s.tire.row.id,
        status: 'INSTALLED',
        km_installed: s.odo0,
        installed_at: s.from,
      };
    }),
  );

  // ------------------------------------------------------------------ two months of checks
  type CheckRow = typeof tireChecks.$inferInsert & { unit: SimUnit; tm: number };
  const checks: CheckRow[] = [];
  const latest = new Date(now.getTime() - 5 * 60_000);
  for (let d = 0; d < DEMO_HISTORY_DAYS; d++) {
    const day = new Date(windowStart.getTime() + d * DAY_MS);
    const sunday = jakartaWeekday(day) === 0;
    LOCATIONS.forEach((loc, l) => {
      const units = rChecks.shuffle(simUnits.filter((u) => u.location === l));
      const crew = tiremenAt[l];
      const cap = Math.floor(loc.units.length / crew.length);
      crew.forEach((tm, k) => {
        const n = sunday
          ? rChecks.chance(0.4)
            ? 1
            : 0
          : rChecks.chance(0.04)
            ? 0
            : Math.min(cap, rChecks.int(3, 5));
        const mine = units.slice(k * cap, k * cap + n);
        workingTimes(rChecks, day, mine.length).forEach((at, j) => {
          if (at > latest) return;
          const u = mine[j];
          checks.push({
            unit: u,
            tm,
            unit_id: u.id,
            plate_number: u.plate,
            tireman_id: tiremanId(tm),
            location_id: locationId(l),
            project_id: base.projects + 1 + u.project,
            driver_id: driverRows[u.driver].id,
            odometer: odoAt(u, at),
            equipment: rChecks.pick(CHECK_EQUIPMENT),
            tireman_sign: img.tiremanSignatures[tm],
            driver_sign: img.driverSignatures[u.driver % img.driverSignatures.length],
            pic_sign: img.picSignatures[loc.region],
            pic_name: REGIONS[loc.region].pic,
            itms_sign: img.tiremanSignatures[tm],
            plate_number_url: img.platePhotos[u.index],
            odometer_url: rChecks.pick(img.odometerPhotos),
            status: 'pending',
            created_at: at,
            updated_at: at,
          });
        });
      });
    });
  }
  checks.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
  // the last three days wait for EDP, plus a small backlog from earlier in the week
  const pendingSince = new Date(today0.getTime() - 2 * DAY_MS);
  const backlogSince = new Date(today0.getTime() - 6 * DAY_MS);
  checks.forEach((c, i) => {
    c.id = base.tire_checks + 1 + i;
    const at = c.created_at!;
    const pending = at >= pendingSince || (at >= backlogSince && rChecks.chance(0.04));
    if (pending) {
      return;
    }
    const next = jakartaDayStart(at).getTime() + DAY_MS + rChecks.int(8 * 60, 15 * 60) * 60_000;
    const validatedAt = new Date(
      Math.min(rChecks.chance(0.6) ? at.getTime() + rChecks.int(40, 300) * 60_000 : next, latest.getTime()),
    );
    Object.assign(c, {
      status: 'approved',
      edp_sign: img.edpSignature,
      workshop_sign: rChecks.chance(0.85) ? rChecks.pick(img.workshopSignatures) : '-',
      validated_by: staffId,
      validated_at: validatedAt,
      updated_at: validatedAt,
    });
  });
  // the latest few still wait for the pool PIC
  for (const c of checks.filter((x) => x.status === 'pending').slice(-6)) {
    Object.assign(c, { pic_sign: '-', pic_name: '-' });
  }
  // two checks sent back to the tire man by EDP
  const recentPending = checks.filter(
    (c) => c.status === 'pending' && c.pic_sign !== '-' && c.created_at! < today0,
  );
  const reasons = ['Foto odometer buram, mohon foto ulang', 'Nomor seri posisi 3 tidak terbaca'];
  for (const [i, c] of recentPending.slice(0, 2).entries()) {
    Object.assign(c, {
      pic_sign: '-',
      itms_sign: '-',
      returned_at: new Date(c.created_at!.getTime() + 3 * 3600_000),
      return_reason: reasons[i],
    });
  }

  // ------------------------------------------------------------------ pending BKB, seen in pending checks
  const findings: RecordFinding[] = [];
  const queue = checks.filter((c) => c.status === 'pending' && !c.returned_at);
  const bkbUnits = new Set<number>();
  const pendingBkb: (keyof typeof BKB_CATEGORIES)[] = [
    'serial',
    'swapped',
    'missing',
    'serial',
    'swapped',
    'serial',
    'missing',
    'swapped',
    'serial',
    'serial',
    'swapped',
    'missing',
  ];
  pendingBkb.forEach((category, i) => {
    const c = rDocs.shuffle(queue).find((x) => !bkbUnits.has(x.unit.index));
    if (!c) return;
    const u = c.unit;
    bkbUnits.add(u.index);
    const driver = driverRows[u.driver];
    const noDriver = i % 5 === 4;
    const at = new Date(c.created_at!.getTime() + rDocs.int(3, 15) * 60_000);
    const doc: typeof mismatches.$inferInsert & { id?: number } = {
      unit_id: u.id,
      tireman_id: c.tireman_id,
      location_id: c.location_id,
      project_id: c.project_id,
      category: BKB_CATEGORIES[category],
      information: '',
      driver: noDriver ? null : driver.name,
      driver_phone: noDriver ? '' : driver.phone,
      driver_photo: noDriver ? '-' : (driver.photo ?? '-'),
      image_url: '-',
      status: 'pending',
      created_at: at > now ? now : at,
      updated_at: at > now ? now : at,
    };
    mismatchRows.push(doc);
    const wheels = wheelPositions(u);
    if (category === 'swapped') {
      const [a, b] = rDocs.shuffle(wheels).slice(0, 2);
      const ta = slots.get(slotKey(u, a))!.tire;
      const tb = slots.get(slotKey(u, b))!.tire;
      doc.information = `Nomor seri posisi ${a} dan ${b} tertukar`;
      doc.image_url = img.tirePhotos[ta.brand.name] ?? '-';
      mismatchPositionRows.push(
        {
          doc,
          position: a,
          origin_tire_id: ta.row.id,
          origin_serial: ta.row.serial_number,
          found_serial: tb.row.serial_number,
          created_at: at,
        },
        {
          doc,
          position: b,
          origin_tire_id: tb.row.id,
          origin_serial: tb.row.serial_number,
          found_serial: ta.row.serial_number,
          created_at: at,
        },
      );
      findings.push(
        { checkId: c.id!, position: a, serial: tb.row.serial_number, tireId: tb.row.id },
        { checkId: c.id!, position: b, serial: ta.row.serial_number, tireId: ta.row.id },
      );
    } else if (category === 'serial') {
      const p = rDocs.pick(wheels);
      const t = slots.get(slotKey(u, p))!.tire;
      const found = uniqueSerial(rDocs, rDocs.pick(TIRE_BRANDS), ago(rDocs.int(100, 400)));
      doc.information = `Ban di posisi ${p} bernomor seri ${found}, tidak sesuai data`;
      doc.image_url = img.tirePhotos[t.brand.name] ?? '-';
      mismatchPositionRows.push({
        doc,
        position: p,
        origin_tire_id: t.row.id,
        origin_serial: t.row.serial_number,
        found_serial: found,
        created_at: at,
      });
      findings.push({ checkId: c.id!, position: p, serial: found, tireId: null });
    } else {
      const t = slots.get(slotKey(u, 'ST'))!.tire;
      doc.information = 'Ban cadangan tidak ada di unit';
      mismatchPositionRows.push({
        doc,
        position: 'ST',
        origin_tire_id: t.row.id,
        origin_serial: t.row.serial_number,
        found_serial: '',
        created_at: at,
      });
      findings.push({ checkId: c.id!, position: 'ST', serial: null, tireId: null });
    }
  });

  // ------------------------------------------------------------------ QC checks
  const qcRows: DemoWorld['qcChecks'] = [];
  for (let i = 0; i < 40; i++) {
    const u = rDocs.pick(simUnits);
    const at = workingTimeDaysAgo(rDocs, now, rDocs.int(0, DEMO_HISTORY_DAYS - 1), latest);
    const failRates = [
      0.08, 0.05, 0.06, 0.01, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.005, 0.005, 0.005, 0.005,
    ];
    const items = failRates.map((f) => qcItem(rDocs, u.positions, f));
    qcRows.push({
      tireman_id: tiremanId(unitTireman(rDocs, u)),
      name_qc: rDocs.pick(QC_CHECKERS),
      unit_id: u.id,
      location_id: locationId(u.location),
      check1: items[0],
      check2: items[1],
      check3: items[2],
      check4: items[3],
      check5: items[4],
      check6: items[5],
      check7: items[6],
      check8: items[7],
      check9: items[8],
      check10: items[9],
      check11: items[10],
      check12: items[11],
      check13: items[12],
      check14: items[13],
      created_at: at,
    });
  }
  qcRows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());

  // ------------------------------------------------------------------ ids in time order, then the rows
  replacementRows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
  replacementRows.forEach((r, i) => {
    r.id = base.tire_replacements + 1 + i;
    const u = simUnits.find((x) => x.id === r.unit_id)!;
    r.spk = spk(u, r.created_at!, r.id);
  });
  mismatchRows.sort((a, b) => a.created_at!.getTime() - b.created_at!.getTime());
  mismatchRows.forEach((m, i) => {
    m.id = base.mismatches + 1 + i;
  });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  // The work is dated by performed_at; the field work is sent the day it is done (the same time as
  // its receipt), except a few documents in the validation queues that were sent 2-3 days late
  // (done offline), so the office screens show 'Terlambat dikirim'.
  const late = <T extends { created_at?: Date | null; performed_at?: Date | null }>(rows: T[], n: number) =>
    rows.slice(-n).forEach((row, i) => {
      row.performed_at = new Date(row.created_at!.getTime() - (2 + (i % 2)) * DAY_MS - 2 * 3600_000);
    });
  late(
    checks.filter(
      (c) => c.status === 'pending' && !c.returned_at && c.pic_sign !== '-' && c.created_at! < today0,
    ),
    3,
  );
  late(
    replacementRows.filter((r) => r.status === 'pending' && !r.returned_at),
    1,
  );
  late(
    mismatchRows.filter((m) => m.status === 'pending'),
    1,
  );
  const dated = <T extends { created_at?: Date | null; performed_at?: Date | null }>(rows: T[]) =>
    rows.map((row) => ({ ...row, performed_at: row.performed_at ?? row.created_at }));

  return {
    users: userRows,
    regions: regionRows,
    locations: locationRows,
    customers: customerRows,
    projects: projectRows,
    drivers: driverRows,
    units: unitRows,
    tires: simTires.map((t) => t.row),
    activeUnitTires: activeRows,
    tireEvents: events.map(({ at: _at, ref, ...e }) => ({
      ...e,
      source_id: ref ? ref.id! : (e.source_id ?? null),
    })),
    tireChecks: dated(checks.map(({ unit: _u, tm: _t, ...c }) => c)),
    mounts,
    findings,
    tireReplacements: dated(replacementRows),
    tireReplaceRecords: replaceRecordRows
      .sort((a, b) => a.doc.id! - b.doc.id!)
      .map(({ doc, ...r }) => ({ ...r, tire_replacement_id: doc.id! })),
    mismatches: dated(mismatchRows),
    mismatchPositions: mismatchPositionRows
      .sort((a, b) => a.doc.id! - b.doc.id!)
      .map(({ doc, ...r }) => ({ ...r, mismatch_id: doc.id! })),
    qcChecks: dated(qcRows),
    tireRequests: requestRows,
  };
}
