// The fleet generator's SQL: set-based statements (INSERT ... SELECT over generate_series) that build
// a whole operation of the given size with the same shape as the demo seed (server/src/db/seed):
// the demo's unit types and wheel layouts, tire sizes, brands and serial format, pending, approved
// and returned documents, signatures, working hours in Asia/Jakarta, a tire on every position.
import { UNIT_TYPES, type UnitType } from '@itms/contracts/enums';
import { diagramKindOf } from '@itms/contracts/rules/vehicle-diagram';
import {
  BANNERS,
  BKB_CATEGORIES,
  CHECK_EQUIPMENT,
  CUSTOMERS,
  DEMO_ADMIN,
  DEMO_STAFF,
  DEMO_TIREMAN_EMAIL,
  driverNames,
  LOCATIONS,
  NEWS,
  PROJECTS,
  QC_CHECKERS,
  REGIONS,
  SOP_ENTRIES,
  TIRE_MEN,
  TIREMAN_DEPARTMENT,
} from '../server/src/db/seed/names';
import {
  DEFECT_CONDITIONS,
  NORMAL_CONDITION,
  RETREAD_BRANDS,
  TIRE_BRANDS,
  TIRE_SIZES,
  UNIT_TIRE_SIZES,
  UNIT_TONNAGE,
  unitPositions,
} from '../server/src/db/seed/shapes';

export type Scale = 'S' | 'M' | 'L';
export const SCALE_FACTOR: Record<Scale, number> = { S: 0.01, M: 0.1, L: 1 };

/** Days of history: two years, ending yesterday (Jakarta). */
export const HISTORY_DAYS = 730;

export interface Counts {
  regions: number;
  locations: number;
  units: number;
  tires: number;
  tireMen: number;
  checks: number;
  replacements: number;
  bkb: number;
  qc: number;
  customers: number;
  projects: number;
  requests: number;
  calls: number;
  openCalls: number;
  pendingReplacements: number;
  pendingBkb: number;
}

export function countsFor(scale: Scale): Counts {
  const f = SCALE_FACTOR[scale];
  const n = (x: number, min = 1) => Math.max(min, Math.round(x * f));
  const replacements = n(100_000);
  const bkb = n(20_000);
  const customers = n(20, 3);
  return {
    regions: n(40, 2),
    locations: n(200, 2),
    units: n(5_000),
    tires: n(60_000),
    tireMen: n(300, 3),
    checks: n(1_000_000),
    replacements,
    bkb,
    qc: n(50_000),
    customers,
    projects: customers * 2,
    requests: n(400, 8),
    // breakdown calls: about 27 a day at L over two years, the newest still open
    calls: n(20_000, 20),
    openCalls: n(150, 5),
    // about the last ten days of replacements wait for EDP; BKB keep a backlog of about two weeks
    pendingReplacements: Math.max(3, Math.round((replacements * 10) / HISTORY_DAYS)),
    pendingBkb: Math.max(3, Math.round((bkb * 14) / HISTORY_DAYS)),
  };
}

/**
 * The field app's bench tire man (issue 20): the demo tire man (users.id 3, the first tire man) is
 * linked to one project of his own holding this many units (about 60 at L): those of his location
 * first, then the next locations'. GET /api/field/bootstrap is measured for him.
 */
export const FIELD_TIREMAN_ID = 3;
export function fieldProjectOf(c: Counts): { id: number; units: number } {
  return { id: c.projects + 1, units: Math.min(60, Math.ceil(c.units / 2)) };
}

/** Pictures the rows refer to (upload keys); the generator draws and stores them. */
export interface FleetImages {
  signatures: string[];
  avatars: string[];
  plates: string[];
  odometers: string[];
  /** Sidewall photo by original brand name. */
  tirePhotos: Record<string, string>;
  banners: string[];
  news: (string | null)[];
}

const json = (v: unknown) => `$j$${JSON.stringify(v)}$j$::jsonb`;
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(q).join(',')}]::text[]`;

/** Plate area codes, one per region (cycled). */
const PLATE_CODES = [
  'B',
  'D',
  'T',
  'H',
  'L',
  'W',
  'BK',
  'KT',
  'AB',
  'AD',
  'N',
  'P',
  'DK',
  'BM',
  'BA',
  'KB',
  'DA',
  'DD',
  'F',
  'E',
  'G',
  'K',
  'R',
  'S',
  'Z',
  'AA',
  'AG',
  'AE',
  'BG',
  'BE',
  'BH',
  'BN',
  'BL',
  'DB',
  'DM',
  'DN',
  'DR',
  'DT',
  'EA',
  'KH',
];
const PLATE_SUFFIXES = [
  'UXT',
  'UIT',
  'UYW',
  'TXB',
  'UEX',
  'UFK',
  'AB',
  'AC',
  'BF',
  'CT',
  'ON',
  'UD',
  'AJ',
  'BL',
];

/** Unit types with weights so that an average unit has 10 positions (40% engkel, 40% tronton, 20% trailer). */
function unitTypeRows() {
  const share = { engkel: 40, tronton: 40, trailer: 20 };
  const byKind = (k: string) => UNIT_TYPES.filter((t) => diagramKindOf(t) === k).length;
  let cum = 0;
  return UNIT_TYPES.map((type: UnitType) => {
    const kind = diagramKindOf(type);
    const weight = share[kind] / byKind(kind);
    const last = type === UNIT_TYPES[UNIT_TYPES.length - 1];
    const row = {
      type,
      kind,
      lo: cum / 100,
      hi: last ? 1.0000001 : (cum + weight) / 100,
      positions: [...unitPositions(type)],
      sizes: [...UNIT_TIRE_SIZES[type]],
      tonnage: [...UNIT_TONNAGE[type]],
    };
    cum += weight;
    return row;
  });
}

function brandRows() {
  const total = TIRE_BRANDS.reduce((s, b) => s + b.weight, 0);
  let cum = 0;
  return TIRE_BRANDS.map((b, i) => {
    const row = { idx: i + 1, name: b.name, code: b.code, patterns: b.patterns, lo: cum / total };
    cum += b.weight;
    return { ...row, hi: i === TIRE_BRANDS.length - 1 ? 1.0000001 : cum / total };
  });
}

/** Statements that fill the lookup tables in schema bench_gen (dropped at the end). */
export function lookupSql(c: Counts, img: FleetImages, passwordHash: string): string {
  const regionNames = Array.from({ length: c.regions }, (_, i) => {
    const r = REGIONS[i % REGIONS.length];
    const round = Math.floor(i / REGIONS.length);
    return { name: round ? `${r.name} ${round + 1}` : r.name, pic: r.pic, province: r.province };
  });
  const locationNames = Array.from({ length: c.locations }, (_, i) => {
    const l = LOCATIONS[i % LOCATIONS.length];
    const round = Math.floor(i / LOCATIONS.length);
    return round ? `${l.name} ${round + 1}` : l.name;
  });
  const tmNames = [TIRE_MEN[0].name, ...driverNames(c.tireMen + 40).slice(40)].slice(0, c.tireMen);
  const customerNames = Array.from({ length: c.customers }, (_, i) =>
    i < CUSTOMERS.length ? CUSTOMERS[i] : `PT Mitra Armada ${i + 1 - CUSTOMERS.length}`,
  );
  const projectNames = Array.from({ length: c.projects }, (_, i) =>
    i < PROJECTS.length ? PROJECTS[i].name : `Distribusi Wilayah ${i + 1 - PROJECTS.length}`,
  );
  const sizes = Object.values(TIRE_SIZES).map((s) => ({
    size: s.size,
    new_tread: s.newTread,
    psi: s.psi,
    tubeless: s.tubeless,
    velg_size: s.velgSize,
    velg_holes: s.velgHoles,
  }));
  const photo = (i: number) => img.avatars[i % img.avatars.length];
  const sig = (i: number) => img.signatures[i % img.signatures.length];
  return `
    create schema bench_gen;
    create unlogged table bench_gen.unit_types as
      select * from jsonb_to_recordset(${json(unitTypeRows())})
        as x(type text, kind text, lo float8, hi float8, positions text[], sizes text[], tonnage real[]);
    create unlogged table bench_gen.sizes as
      select * from jsonb_to_recordset(${json(sizes)})
        as x(size text, new_tread real, psi real, tubeless boolean, velg_size text, velg_holes int);
    create unlogged table bench_gen.brands as
      select * from jsonb_to_recordset(${json(brandRows())})
        as x(idx int, name text, code text, patterns text[], lo float8, hi float8);
    create unlogged table bench_gen.img as select
      ${textArray(img.signatures)} as sigs,
      ${textArray(img.avatars)} as avatars,
      ${textArray(img.plates)} as plates,
      ${textArray(img.odometers)} as odos,
      ${json(img.tirePhotos)} as tire_photos;

    insert into users (id, name, nik, phone, email, password_hash, role, photo, signature, department, created_at)
    values
      (1, ${q(DEMO_ADMIN.name)}, '3171011203850001', '081100000001', ${q(DEMO_ADMIN.email)}, ${q(passwordHash)},
       'admin', ${q(photo(0))}, ${q(sig(0))}, ${q(DEMO_ADMIN.department)}, now() - interval '800 days'),
      (2, ${q(DEMO_STAFF.name)}, '3171015507900002', '081100000002', ${q(DEMO_STAFF.email)}, ${q(passwordHash)},
       'staff', ${q(photo(1))}, '-', ${q(DEMO_STAFF.department)}, now() - interval '780 days');
    insert into users (id, name, nik, phone, email, password_hash, role, photo, signature, department, created_at)
    select 2 + k, n.name,
           lpad(((k * 7919) % 99) + 11 || '', 2, '0') || lpad((k * 104729 % 100000000000000)::text, 14, '0'),
           '0812' || lpad((2 + k)::text, 8, '0'),
           case when k = 1 then ${q(DEMO_TIREMAN_EMAIL)} else 'tm' || lpad(k::text, 4, '0') || '@bench.itms.local' end,
           ${q(passwordHash)}, 'tire-man', i.avatars[1 + (k % array_length(i.avatars, 1))],
           i.sigs[1 + (k % array_length(i.sigs, 1))], ${q(TIREMAN_DEPARTMENT)},
           now() - (interval '1 day' * ((120 + k % 600)))
      from jsonb_array_elements_text(${json(tmNames)}) with ordinality as n(name, k), bench_gen.img i;

    insert into regions (id, name, pic, manpower)
    select k, e.v ->> 'name', e.v ->> 'pic', 0
      from jsonb_array_elements(${json(regionNames)}) with ordinality as e(v, k);
    insert into locations (id, name, region_id)
    select k, n.name, ((k - 1) % ${c.regions}) + 1
      from jsonb_array_elements_text(${json(locationNames)}) with ordinality as n(name, k);
    -- a tire man works at location ((k - 1) % locations) + 1
    update regions r set manpower = x.n
      from (select l.region_id, count(*)::int as n
              from generate_series(1, ${c.tireMen}) k
              join locations l on l.id = ((k - 1) % ${c.locations}) + 1
             group by l.region_id) x
     where x.region_id = r.id;
    insert into customers (id, name, created_at)
    select k, n.name, now() - (interval '1 day' * ((900 - k % 300)))
      from jsonb_array_elements_text(${json(customerNames)}) with ordinality as n(name, k);
    insert into projects (id, name, customer_id, created_at)
    select k, n.name, ((k - 1) % ${c.customers}) + 1, now() - (interval '1 day' * ((880 - k % 300)))
      from jsonb_array_elements_text(${json(projectNames)}) with ordinality as n(name, k);
    -- the field tire man's own project (fleetSql gives it its units)
    insert into projects (id, name, customer_id, created_at)
    values (${fieldProjectOf(c).id}, 'Distribusi Lapangan Terpadu', 1, now() - interval '400 days');
    insert into tireman_projects (user_id, project_id) values (${FIELD_TIREMAN_ID}, ${fieldProjectOf(c).id});
    insert into drivers (id, name, phone, photo)
    select k, n.name, '0857' || lpad(k::text, 8, '0'), i.avatars[1 + (k % array_length(i.avatars, 1))]
      from jsonb_array_elements_text(${json(driverNames(c.units))}) with ordinality as n(name, k), bench_gen.img i;
  `;
}

/** Units, tires, mounted positions, the ledger of receipts, mounts, spares and scraps. */
export function fleetSql(c: Counts): string {
  const retread = RETREAD_BRANDS.map((r) => ({ name: r.name, patterns: r.patterns }));
  return `
    -- units: unit u belongs to location ((u - 1) % locations) + 1; a driver each
    create unlogged table bench_gen.units as
      select s.u, ut.type, ut.positions, ut.sizes[1 + floor(s.r2 * array_length(ut.sizes, 1))::int] as size,
             ut.tonnage[1 + floor(s.r3 * array_length(ut.tonnage, 1))::int] as tonnage,
             ((s.u - 1) % ${c.locations}) + 1 as location_id,
             8000 + (s.u * 7919) % 150000 as odo0,
             120 + (s.u * 31) % 260 as km_per_day,
             (now() - (interval '1 day' * ((150 + (s.u * 37) % 750)))) as handled_at
        from (select u, random() as r1, random() as r2, random() as r3
                from generate_series(1, ${c.units}) u offset 0) s
        join bench_gen.unit_types ut on s.r1 >= ut.lo and s.r1 < ut.hi;
    insert into units (id, plate_number, unit_type, project_id, plan_project, handled_date, tonnage, status, created_at)
    select bu.u,
           (${textArray(PLATE_CODES)})[1 + (l.region_id - 1) % ${PLATE_CODES.length}] || ' ' || (1000 + bu.u) || ' ' ||
             (${textArray(PLATE_SUFFIXES)})[1 + (bu.u * 7) % ${PLATE_SUFFIXES.length}],
           bu.type, case when f.u is null then 1 + (bu.u * 13) % ${c.projects} else ${fieldProjectOf(c).id} end,
           '-', (bu.handled_at at time zone 'Asia/Jakarta')::date, bu.tonnage, 'active',
           bu.handled_at
      from bench_gen.units bu join locations l on l.id = bu.location_id
      -- the field tire man's project: the units of his location (1) first, then of locations 2, 3, ...
      left join (select u from bench_gen.units order by (u - 1) % ${c.locations}, u limit ${fieldProjectOf(c).units}) f
        on f.u = bu.u;

    -- every position of every unit, in unit and position order: the mounted tire ids
    create unlogged table bench_gen.slots as
      select row_number() over (order by bu.u, p.i)::int as tire_id, bu.u as unit_id, p.pos as position,
             p.i::int as pos_idx, bu.size, bu.odo0, bu.km_per_day, bu.handled_at,
             (now() - (interval '1 day' * ((15 + (bu.u * 13 + p.i * 101) % 385)))
               - (interval '1 minute' * ((bu.u * 7 + p.i) % 600))) as installed_at
        from bench_gen.units bu
        cross join lateral unnest(bu.positions) with ordinality as p(pos, i);
    create index on bench_gen.slots (unit_id, position);
    analyze bench_gen.units;
    analyze bench_gen.slots;

    -- tires: the mounted ones first (ids 1..slots), then stock: reserved for pending replacements,
    -- then scrap (30%), spare (5%) and uninstalled
    create unlogged table bench_gen.tires as
      with n as (select count(*)::int as slots from bench_gen.slots),
      ids as (
        select g as id, s.unit_id, s.position, s.size as slot_size, s.installed_at, n.slots
          from n, generate_series(1, greatest(${c.tires}, n.slots + ${c.pendingReplacements * 2 + 50})) g
          left join bench_gen.slots s on s.tire_id = g
      )
      select ids.id, ids.unit_id, ids.position,
             coalesce(ids.slot_size, (select array_agg(size) from bench_gen.sizes)[1 + (ids.id * 17) % 7]) as size,
             case when ids.unit_id is not null then 'INSTALLED'
                  when ids.id <= ids.slots + ${c.pendingReplacements} then 'UNINSTALLED'
                  when (ids.id * 7) % 100 < 30 then 'SCRAP'
                  when (ids.id * 7) % 100 < 35 then 'SPARE'
                  else 'UNINSTALLED' end as status,
             coalesce(ids.installed_at - (interval '1 day' * ((2 + ids.id % 25))),
                      now() - (interval '1 day' * ((3 + (ids.id * 11) % 700)))) as received_at,
             ids.installed_at,
             (ids.id % 100) < 22 and ids.unit_id is not null as ret,
             random() as r_brand, random() as r_wear
        from ids;
    analyze bench_gen.tires;

    insert into tires (id, position, odometer, serial_number, serial_number_img, ir_brand, ori_brand, pattern, size,
                       is_original, groove_1, groove_2, groove_3, groove_4, groove_lowest, pressure, casing_status,
                       tube_brand, tube_size, tube_status, flap_brand, flap_size, flap_status, velg_brand, velg_size,
                       velg_holes, velg_status, information, condition, status, created_at, updated_at)
    select t.id, coalesce(t.position, ''), coalesce(s.odo0, 0),
           b.code || to_char(t.received_at - interval '60 days', 'YY') ||
             lpad((1 + (t.id / 9999) % 52)::text, 2, '0') ||
             (array['A','B','C','D','K','M'])[1 + (t.id / 519948) % 6] || lpad((1 + t.id % 9999)::text, 4, '0'),
           coalesce(i.tire_photos ->> b.name, '-'),
           case when t.ret then rb.name else b.name end, b.name,
           case when t.ret then rb.patterns[1 + t.id % array_length(rb.patterns, 1)]
                else b.patterns[1 + t.id % array_length(b.patterns, 1)] end,
           t.size, case when t.ret then 'RET' else 'ORI' end,
           w.g, w.g + 0.5 * (t.id % 2), w.g, greatest(0, w.g - 0.5 * (t.id % 3)), greatest(0, w.g - 0.5 * (t.id % 3)),
           sz.psi,
           case when t.status = 'SPARE' then 'SPARE ORIGINAL' when t.ret then 'VULKANISIR 3S'
                when t.id % 20 = 0 then 'NEW REPAIR JASA' else 'NEW ORIGINAL' end,
           case when sz.tubeless then '' else (array['GT','IRC','SWALLOW','BRIDGESTONE'])[1 + t.id % 4] end,
           case when sz.tubeless then '' else sz.size end,
           case when sz.tubeless then 'TANPA TUBE' else (array['NEW','OEM','EKS'])[1 + t.id % 3] end,
           case when sz.tubeless then '' else (array['GT','IRC','SWALLOW'])[1 + t.id % 3] end,
           case when sz.tubeless then '' else sz.size end,
           case when sz.tubeless then 'TANPA FLAP' else (array['NEW','OEM','EKS'])[1 + t.id % 3] end,
           (array['TOPY','ACCURIDE','MAXION'])[1 + t.id % 3], sz.velg_size, sz.velg_holes,
           case when t.id % 5 < 3 then 'EKS' else 'NEW' end,
           '', case when t.status = 'SCRAP' then (array[${DEFECT_CONDITIONS.map(q).join(',')}])[1 + t.id % ${DEFECT_CONDITIONS.length}]
                    else ${q(NORMAL_CONDITION)} end,
           t.status, t.received_at, coalesce(t.installed_at, t.received_at)
      from bench_gen.tires t
      join bench_gen.brands b on t.r_brand >= b.lo and t.r_brand < b.hi
      join bench_gen.sizes sz on sz.size = t.size
      left join bench_gen.slots s on s.tire_id = t.id
      cross join bench_gen.img i
      cross join lateral (select (${json(retread)} -> (t.id % ${retread.length})) ->> 'name' as name,
                                 array(select jsonb_array_elements_text((${json(retread)} -> (t.id % ${retread.length})) -> 'patterns')) as patterns) rb
      cross join lateral (select case
          when t.status = 'SCRAP' then round((random() * 3)::numeric * 2) / 2
          when t.position in ('ST', 'ST2') then sz.new_tread - 2
          when t.status = 'INSTALLED' then greatest(1, round(((sz.new_tread - 1) * (1 - t.r_wear * 0.85))::numeric * 2) / 2)
          else round((sz.new_tread * (0.5 + t.r_wear * 0.5))::numeric * 2) / 2 end::real as g) w;

    insert into active_unit_tires (unit_id, position, tire_id, status, km_installed, installed_at, updated_at)
    select s.unit_id, s.position, s.tire_id, 'INSTALLED',
           s.odo0 + greatest(0, s.km_per_day * extract(epoch from s.installed_at - s.handled_at) / 86400)::int,
           s.installed_at, s.installed_at
      from bench_gen.slots s order by s.tire_id;

    -- ledger: every tire received; mounted ones installed; spares and scraps get their status
    insert into tire_events (tire_id, kind, unit_id, position, odometer, from_status, to_status, user_id, source_type, note, created_at)
    select t.id, 'received', null, null, null, null, 'UNINSTALLED', 2, 'manual',
           case when t.ret then 'Ban vulkanisir diterima' else 'Ban baru diterima' end, t.received_at
      from bench_gen.tires t
    union all
    select s.tire_id, 'installed', s.unit_id, s.position, a.km_installed, 'UNINSTALLED', 'INSTALLED',
           3 + ((s.unit_id - 1) % ${c.locations}) % ${c.tireMen}, 'manual', 'Pemasangan awal', s.installed_at
      from bench_gen.slots s join active_unit_tires a on a.tire_id = s.tire_id and a.status = 'INSTALLED'
    union all
    select t.id, 'status', null, null, null, 'UNINSTALLED', 'SPARE', 2, 'manual', 'Disimpan sebagai ban spare',
           t.received_at + interval '1 day'
      from bench_gen.tires t where t.status = 'SPARE'
    union all
    select t.id, 'scrapped', null, null, null, 'UNINSTALLED', 'SCRAP', 2, 'manual', 'Ban tidak layak pakai',
           t.received_at + (interval '1 day' * ((20 + t.id % 200)))
      from bench_gen.tires t where t.status = 'SCRAP'
    order by 11;
  `;
}

/** Expression: the created_at of document g of n spread over the history, in working hours (07:00-16:50 Jakarta). */
function workingTime(g: string, n: number, jitterSeed: string): string {
  return `((((now() at time zone 'Asia/Jakarta')::date) - ${HISTORY_DAYS})::timestamp
      + (interval '1 day' * (floor(((${g}) - 0.5) * ${HISTORY_DAYS}.0 / ${n})))
      + interval '7 hours'
      + (interval '1 minute' * (((((${g}) - 0.5) * ${HISTORY_DAYS}.0 / ${n}) - floor(((${g}) - 0.5) * ${HISTORY_DAYS}.0 / ${n})) * 590))
      + (interval '1 second' * ((${jitterSeed}) % 50))) at time zone 'Asia/Jakarta'`;
}

/**
 * Checks over two years in time order (ids follow time, as on a live system): the last three
 * days and a little of the week before wait for EDP; 1% of those were returned to the tire man.
 */
export function checksSql(c: Counts): string {
  return `
    insert into tire_checks (id, unit_id, plate_number, tireman_id, location_id, project_id, driver_id, odometer,
      equipment, tireman_sign, driver_sign, pic_sign, pic_name, edp_sign, workshop_sign, itms_sign,
      plate_number_url, odometer_url, status, stage, returned_at, validated_by, validated_at, performed_at,
      created_at, updated_at)
    select x.g, x.unit_id, un.plate_number, x.tireman_id, x.location_id,
           case when x.g % 10 = 0 then null else un.project_id end, x.unit_id,
           bu.odo0 + greatest(0, bu.km_per_day * extract(epoch from x.at - bu.handled_at) / 86400)::int,
           (${textArray(CHECK_EQUIPMENT)})[1 + x.g % ${CHECK_EQUIPMENT.length}],
           tm.signature,
           i.sigs[1 + (x.unit_id % array_length(i.sigs, 1))],
           case when x.returned or (x.pending and x.g % 200 = 0) then '-' else i.sigs[1 + (x.location_id % array_length(i.sigs, 1))] end,
           case when x.returned or (x.pending and x.g % 200 = 0) then '-' else r.pic end,
           case when x.pending then '-' else i.sigs[1] end,
           case when x.pending or x.g % 7 = 0 then '-' else i.sigs[2 + x.g % 3] end,
           case when x.returned then '-' else tm.signature end,
           i.plates[1 + (x.unit_id % array_length(i.plates, 1))],
           i.odos[1 + (x.g % array_length(i.odos, 1))],
           case when x.pending then 'pending' else 'approved' end,
           -- the load runs with triggers off: each stage as its facts mean (read-models/document-stage)
           case when x.returned then 'returned' when x.pending then 'sent'
                when x.g % 7 = 0 then 'validated' else 'workshop_signed' end,
           case when x.returned then x.at + interval '3 hours' end,
           case when x.pending then null else 2 end,
           case when x.pending then null
                when x.g % 5 < 3 then x.at + (interval '1 minute' * ((40 + x.g % 260)))
                else x.at + interval '1 day' + (interval '1 minute' * ((60 + x.g % 400))) end,
           -- sent the day it was done (performed_at = created_at)
           x.at, x.at, x.at
      from (
        select s.*, s.pending and s.g % 97 = 0 as returned
          from (
            select g, ${workingTime('g', c.checks, 'g * 7')} as at,
                   3 + (g % ${c.tireMen}) as tireman_id,
                   ((g % ${c.tireMen}) % ${c.locations}) + 1 as location_id,
                   -- a unit of the tire man's location: ids l, l + locations, l + 2 x locations, ...
                   ((g % ${c.tireMen}) % ${c.locations}) + 1
                     + ${c.locations} * floor(random() * (floor((${c.units} - (((g % ${c.tireMen}) % ${c.locations}) + 1)) / ${c.locations}) + 1))::int
                     as unit_id,
                   floor((g - 0.5) * ${HISTORY_DAYS}.0 / ${c.checks}) >= ${HISTORY_DAYS - 3}
                     or (floor((g - 0.5) * ${HISTORY_DAYS}.0 / ${c.checks}) >= ${HISTORY_DAYS - 7} and g % 25 = 0) as pending
              from generate_series(1, ${c.checks}) g
            offset 0) s
      ) x
      join units un on un.id = x.unit_id
      join bench_gen.units bu on bu.u = x.unit_id
      join users tm on tm.id = x.tireman_id
      join locations l on l.id = x.location_id
      join regions r on r.id = l.region_id
      cross join bench_gen.img i;
    -- the zone the rollups of the checks bucket local days in (the rollups themselves are rebuilt
    -- with the other read models after the load: their triggers do not fire during it,
    -- session_replication_role = replica; the server rebuilds them at boot in another APP_TIMEZONE)
    insert into report_timezone (id, tz) values (true, 'Asia/Jakarta')
      on conflict (id) do update set tz = excluded.tz;
  `;
}

/** One record per mounted position of the check's unit, for checks with ids in [from, to]. */
export function recordsSql(from: number, to: number): string {
  return `
    insert into tire_check_records (tire_check_id, tire_id, position, serial_number, serial_number_url, ir_brand,
      ori_brand, pattern, size, status, groove_1, groove_2, groove_3, groove_4, pressure, condition, rotation,
      temperature, information, created_at, updated_at)
    select c.id, t.id, a.position, t.serial_number, t.serial_number_img, t.ir_brand, t.ori_brand, t.pattern, t.size,
           'INSTALLED',
           least(24, t.groove_1 + ((c.id + t.id) % 3) * 0.5), least(24, t.groove_2 + ((c.id + t.id) % 3) * 0.5),
           least(24, t.groove_3 + ((c.id * 3 + t.id) % 3) * 0.5), least(24, t.groove_4 + ((c.id + t.id * 5) % 3) * 0.5),
           greatest(0, least(200, t.pressure + ((c.id * 7 + t.id * 3) % 11) - 5
             - case when (c.id + t.id) % 41 = 0 then 30 else 0 end)),
           case when (c.id * 13 + t.id * 7) % 29 = 0
             then (array[${DEFECT_CONDITIONS.map(q).join(',')}])[1 + (c.id + t.id) % ${DEFECT_CONDITIONS.length}]
             else ${q(NORMAL_CONDITION)} end,
           '', 38 + (c.id * 5 + t.id) % 20,
           case when (c.id + t.id) % 41 = 0 then 'Tekanan angin kurang, sudah ditambah di lokasi'
                when (c.id * 13 + t.id * 7) % 29 = 0 then 'Perlu pemeriksaan lanjutan di bengkel'
                else '' end,
           c.created_at, coalesce(c.validated_at, c.created_at)
      from tire_checks c
      join active_unit_tires a on a.unit_id = c.unit_id
      join tires t on t.id = a.tire_id
     where c.id between ${from} and ${to};
  `;
}

/**
 * Replacements in time order: the latest ones wait for EDP (one position each, on distinct
 * units, the new tire reserved in stock, so each validates); the older ones are approved with
 * their ledger entries (removed, installed).
 */
export function replacementsSql(c: Counts): string {
  const firstPending = c.replacements - c.pendingReplacements + 1;
  return `
    create unlogged table bench_gen.repl as
      select g as id, ${workingTime('g', c.replacements, 'g * 13')} as at,
             case when g >= ${firstPending}
                  then 1 + ((g - ${firstPending}) * 7919) % ${c.units}
                  else 1 + floor(random() * ${c.units})::int end as unit_id,
             g >= ${firstPending} as pending,
             random() as r
        from generate_series(1, ${c.replacements}) g;
    insert into tire_replacements (id, unit_id, tireman_id, location_id, project_id, odometer, spk, plate_number_url,
      odometer_url, tireman_sign, pic_sign, itms_sign, edp_sign, workshop_sign, status, stage, validated_by,
      validated_at, performed_at, created_at, updated_at)
    select x.id, x.unit_id, tm.id, bu.location_id, un.project_id,
           bu.odo0 + greatest(0, bu.km_per_day * extract(epoch from x.at - bu.handled_at) / 86400)::int,
           'SPK/' || split_part(un.plate_number, ' ', 1) || '/' || to_char(x.at at time zone 'Asia/Jakarta', 'YYYYMM') || '/' || lpad(x.id::text, 4, '0'),
           i.plates[1 + (x.unit_id % array_length(i.plates, 1))], i.odos[1 + (x.id % array_length(i.odos, 1))],
           tm.signature,
           case when x.pending and x.id % 6 = 5 then '-' else i.sigs[1 + (bu.location_id % array_length(i.sigs, 1))] end,
           case when x.pending and x.id % 6 = 5 then '-' else tm.signature end,
           case when x.pending then '-' else i.sigs[1] end,
           case when x.pending then '-' else i.sigs[2 + x.id % 3] end,
           case when x.pending then 'pending' else 'approved' end,
           case when x.pending then 'sent' else 'workshop_signed' end,
           case when x.pending then null else 2 end,
           case when x.pending then null else x.at + (interval '1 minute' * ((60 + x.id % 600))) end,
           x.at, x.at, x.at
      from bench_gen.repl x
      join bench_gen.units bu on bu.u = x.unit_id
      join units un on un.id = x.unit_id
      -- a tire man of the unit's location (tire man k works at location ((k - 1) % locations) + 1)
      join users tm on tm.id = 2 + bu.location_id
        + ${c.locations} * ((x.id % greatest(1, ceil((${c.tireMen} - bu.location_id + 1)::numeric / ${c.locations})::int)))
      cross join bench_gen.img i;

    -- positions: pending: one wheel; approved: one or two wheels
    create unlogged table bench_gen.repl_pos as
      select x.id, x.unit_id, x.pending, x.at, p.n,
             ((floor(x.r * w.wheels)::int + p.n - 1) % w.wheels) + 1 as wheel
        from bench_gen.repl x
        join bench_gen.units bu on bu.u = x.unit_id
        cross join lateral (select array_length(bu.positions, 1) - case when array_length(bu.positions, 1) = 14 then 2 else 1 end as wheels) w
        cross join lateral generate_series(1, case when not x.pending and x.id % 10 < 3 then 2 else 1 end) p(n);
    create unlogged table bench_gen.repl_tires as
      select rp.id, rp.unit_id, rp.pending, rp.at, rp.wheel::text as position,
             s.tire_id as mounted_tire,
             case when rp.pending
                  then (select count(*) from bench_gen.slots)::int + row_number() over (partition by rp.pending order by rp.id)::int
                  else (select count(*) from bench_gen.slots)::int + ${c.pendingReplacements} + 1
                       + ((rp.id * 31 + rp.n) % greatest(1, ${c.tires} - (select count(*) from bench_gen.slots)::int - ${c.pendingReplacements}))
             end as stock_tire
        from bench_gen.repl_pos rp
        join bench_gen.slots s on s.unit_id = rp.unit_id and s.position = rp.wheel::text;
    analyze bench_gen.repl_tires;

    -- pending: remove the mounted tire, put the reserved stock tire on; approved: the tire taken off
    -- went to stock and the one mounted now came on
    insert into tire_replace_records (tire_replacement_id, tire_id, position, odometer, serial_number, serial_number_img,
      ir_brand, ori_brand, pattern, size, is_original, groove_1, groove_2, groove_3, groove_4, groove_lowest, pressure,
      casing_status, tube_brand, tube_size, tube_status, flap_brand, flap_size, flap_status, velg_brand, velg_size,
      velg_holes, velg_status, information, condition, status, created_at, updated_at)
    select rt.id, t.id, rt.position, r.odometer, t.serial_number, t.serial_number_img, t.ir_brand, t.ori_brand,
           t.pattern, t.size, t.is_original, t.groove_1, t.groove_2, t.groove_3, t.groove_4, t.groove_lowest, t.pressure,
           t.casing_status, t.tube_brand, t.tube_size, t.tube_status, t.flap_brand, t.flap_size, t.flap_status,
           t.velg_brand, t.velg_size, t.velg_holes, t.velg_status, '', t.condition, k.kind, rt.at, rt.at
      from bench_gen.repl_tires rt
      join tire_replacements r on r.id = rt.id
      cross join lateral (values
        ('remove', case when rt.pending then rt.mounted_tire else rt.stock_tire end),
        ('replace', case when rt.pending then rt.stock_tire else rt.mounted_tire end)) k(kind, tire_id)
      join tires t on t.id = k.tire_id
     order by rt.id, rt.position, k.kind;

    insert into tire_events (tire_id, kind, unit_id, position, odometer, from_status, to_status, user_id, source_type,
                             source_id, note, created_at)
    select e.tire_id, e.kind, rt.unit_id, rt.position, r.odometer, e.from_status, e.to_status, 2, 'tire-replacement',
           rt.id, '', r.validated_at
      from bench_gen.repl_tires rt
      join tire_replacements r on r.id = rt.id
      cross join lateral (values
        (rt.stock_tire, 'removed', 'INSTALLED', 'UNINSTALLED'),
        (rt.mounted_tire, 'installed', 'UNINSTALLED', 'INSTALLED')) e(tire_id, kind, from_status, to_status)
     where not rt.pending
     order by r.validated_at, rt.id;
  `;
}

/** BKB: the latest wait for EDP; the rest approved. One or two positions each, on mounted tires. */
export function bkbSql(c: Counts): string {
  const cats = Object.values(BKB_CATEGORIES);
  const firstPending = c.bkb - c.pendingBkb + 1;
  return `
    create unlogged table bench_gen.bkb as
      select g as id, ${workingTime('g', c.bkb, 'g * 17')} as at, 1 + floor(random() * ${c.units})::int as unit_id,
             g >= ${firstPending} as pending, (${textArray(cats)})[1 + g % ${cats.length}] as category, random() as r
        from generate_series(1, ${c.bkb}) g;
    insert into mismatches (id, unit_id, tireman_id, location_id, project_id, category, information, driver,
      driver_phone, driver_photo, image_url, signature_url, itms_id, status, stage, validated_at, performed_at,
      created_at, updated_at)
    select x.id, x.unit_id, 2 + bu.location_id, bu.location_id, un.project_id, x.category,
           case x.category when ${q(BKB_CATEGORIES.swapped)} then 'Nomor seri dua posisi tertukar'
                           when ${q(BKB_CATEGORIES.missing)} then 'Ban cadangan tidak ada di unit'
                           else 'Ban di unit tidak sesuai data' end,
           case when x.id % 6 = 5 then null else d.name end,
           case when x.id % 6 = 5 then '' else d.phone end,
           case when x.id % 6 = 5 then '-' else d.photo end,
           coalesce(i.tire_photos ->> ${q(TIRE_BRANDS[0].name)}, '-'),
           case when x.pending then '-' else i.sigs[1] end,
           case when x.pending then null else 2 end,
           case when x.pending then 'pending' else 'approved' end,
           case when x.pending then 'sent' else 'validated' end,
           case when x.pending then null else x.at + interval '1 day' end,
           x.at, x.at, x.at
      from bench_gen.bkb x
      join bench_gen.units bu on bu.u = x.unit_id
      join units un on un.id = x.unit_id
      join drivers d on d.id = x.unit_id
      cross join bench_gen.img i
      where 2 + bu.location_id <= 2 + ${c.tireMen};
    insert into mismatch_positions (mismatch_id, position, origin_tire_id, origin_serial, found_serial, new_tire_id,
                                    action, created_at)
    select x.id, s.position, t.id, t.serial_number,
           case when x.category = ${q(BKB_CATEGORIES.missing)} then ''
                when x.category = ${q(BKB_CATEGORIES.serial)} then 'XX' || substr(t.serial_number, 3)
                else t.serial_number end,
           case when x.pending then null else t.id end,
           case when x.pending then null else 'normal' end,
           x.at
      from bench_gen.bkb x
      join mismatches m on m.id = x.id
      join bench_gen.units bu on bu.u = x.unit_id
      cross join lateral generate_series(1, case when x.category = ${q(BKB_CATEGORIES.swapped)} then 2 else 1 end) p(n)
      join bench_gen.slots s on s.unit_id = x.unit_id
        and s.pos_idx = case when x.category = ${q(BKB_CATEGORIES.missing)} then array_length(bu.positions, 1)
                             else 1 + (floor(x.r * 6)::int + p.n - 1) % 6 end
      join tires t on t.id = s.tire_id
     order by x.id, p.n;
  `;
}

export function qcSql(c: Counts): string {
  const items = Array.from({ length: 14 }, (_, i) => i + 1);
  const fail = [0.08, 0.05, 0.06, 0.01, 0.02, 0.01, 0.01, 0.01, 0.01, 0.01, 0.005, 0.005, 0.005, 0.005];
  return `
    insert into qc_checks (tireman_id, name_qc, unit_id, location_id, ${items.map((i) => `check${i}`).join(', ')}, performed_at, created_at)
    select 2 + bu.location_id, (${textArray(QC_CHECKERS)})[1 + x.g % ${QC_CHECKERS.length}], x.unit_id, bu.location_id,
           ${items
             .map(
               (i) => `array_to_string(array(
                 select case when (p <= 12 and p <= array_length(bu.positions, 1) - case when array_length(bu.positions, 1) = 14 then 2 else 1 end)
                               or (p = 13) or (p = 14 and array_length(bu.positions, 1) = 14)
                             then (random() >= ${fail[i - 1]})::text else 'false' end
                   from generate_series(1, 14) p), ',')`,
             )
             .join(',\n           ')},
           x.at, x.at
      from (select g, ${workingTime('g', c.qc, 'g * 19')} as at, 1 + floor(random() * ${c.units})::int as unit_id
              from generate_series(1, ${c.qc}) g offset 0) x
      join bench_gen.units bu on bu.u = x.unit_id
     where bu.location_id <= ${c.tireMen}
     order by x.at;
  `;
}

/**
 * Breakdown calls (issue 38) over two years in time order, each served by the tire man of its
 * unit's location: assigned 5 minutes after the call, on the road 5 minutes later, there 20-110
 * minutes after the call, the truck rolling 15-105 minutes after that; 3% cancelled. The newest
 * `openCalls` are still open, at every step. A default target (45 minutes, 2 hours) and one per
 * customer for a third of them. No call history (breakdown_call_events): the list and the report
 * read the call's own step times.
 */
export function storingSql(c: Counts): string {
  const causes = ['ban-pecah', 'bocor', 'lepas', 'velg', 'lainnya'];
  const firstOpen = c.calls - c.openCalls + 1;
  const open = ['new', 'assigned', 'accepted', 'en_route', 'arrived'];
  const step = (n: number, at: string) => `case when x.open and x.step < ${n} then null else ${at} end`;
  return `
    insert into breakdown_calls (id, unit_id, positions, cause, location_text, caller_name, caller_phone, priority,
      note, region_id, status, tireman_id, called_at, assigned_at, accepted_at, departed_at, arrived_at, done_at,
      cancelled_at, cancel_reason, created_at, updated_at)
    select x.id, x.unit_id, array[(1 + x.id % 6)::text], (${textArray(causes)})[1 + x.id % ${causes.length}],
           'Jalan raya KM ' || (x.id % 120), 'Driver ' || x.unit_id, '0812' || lpad((x.id % 100000000)::text, 8, '0'),
           case when x.id % 4 = 0 then 'tinggi' else 'normal' end, '', l.region_id,
           case when x.open then (${textArray(open)})[1 + x.step] when x.cancelled then 'cancelled' else 'done' end,
           case when x.open and x.step = 0 then null else 2 + bu.location_id end,
           x.at,
           ${step(1, "x.at + interval '5 minutes'")},
           ${step(2, "x.at + interval '7 minutes'")},
           ${step(3, "x.at + interval '10 minutes'")},
           case when x.cancelled then null else ${step(4, 'x.at + x.response')} end,
           case when x.open or x.cancelled then null else x.at + x.response + x.fix end,
           case when x.cancelled then x.at + interval '8 minutes' end,
           case when x.cancelled then 'Truk sudah jalan sendiri' end,
           x.at, x.at
      from (select g as id, ${workingTime('g', c.calls, 'g * 13')} as at,
                   1 + floor(random() * ${c.units})::int as unit_id,
                   g >= ${firstOpen} as open, g % ${open.length} as step,
                   g < ${firstOpen} and g % 33 = 0 as cancelled,
                   interval '1 minute' * (20 + floor(random() * 90)) as response,
                   interval '1 minute' * (15 + floor(random() * 90)) as fix
              from generate_series(1, ${c.calls}) g offset 0) x
      join bench_gen.units bu on bu.u = x.unit_id
      join locations l on l.id = bu.location_id
     where bu.location_id <= ${c.tireMen}
     order by x.id;
    insert into storing_targets (customer_id, response_minutes, roll_minutes) values (null, 45, 120);
    insert into storing_targets (customer_id, response_minutes, roll_minutes)
    select id, 30, 90 from customers where id % 3 = 0;
  `;
}

/** New-tire requests (most approved into stock tires), banners, news and SOP as in the demo. */
export function contentSql(c: Counts, img: FleetImages): string {
  const banners = BANNERS.map((b, i) => ({ name: b.name, image: img.banners[i], days: 40 - i * 10 }));
  const news = NEWS.map((n, i) => ({
    title: n.title,
    news: n.news,
    author: n.author === 'admin' ? DEMO_ADMIN.name : DEMO_STAFF.name,
    image: img.news[i],
    days: 50 - i * 9,
  }));
  return `
    insert into tire_requests (serial_number, ir_brand, ori_brand, pattern, size, is_original, groove_1, groove_2,
      groove_3, groove_4, groove_lowest, pressure, casing_status, status, tire_id, performed_at, created_at, updated_at)
    select case when g % 4 = 0 then 'RQ' || lpad(g::text, 8, '0') else t.serial_number end,
           t.ir_brand, t.ori_brand, t.pattern, t.size, t.is_original, t.groove_1, t.groove_2, t.groove_3, t.groove_4,
           t.groove_lowest, t.pressure, t.casing_status,
           case when g % 4 = 0 then 'pending' else 'approved' end,
           case when g % 4 = 0 then null else t.id end,
           t.created_at - interval '2 days', t.created_at - interval '2 days', t.created_at
      from generate_series(1, ${c.requests}) g
      join tires t on t.id = ${c.tires} - g;
    insert into banners (name, image, created_at)
    select name, image, now() - (interval '1 day' * (days))
      from jsonb_to_recordset(${json(banners)}) as x(name text, image text, days int);
    insert into news (title, news, author, image_url, created_at)
    select title, news, author, image, now() - (interval '1 day' * (days))
      from jsonb_to_recordset(${json(news)}) as x(title text, news text, author text, image text, days int);
    insert into sop_entries (sort_order, title, description, video_url)
    select k, e.v ->> 'title', e.v ->> 'description', ''
      from jsonb_array_elements(${json(SOP_ENTRIES)}) with ordinality as e(v, k);
  `;
}

/** Tables whose serial ids the generator writes explicitly. */
export const SERIAL_TABLES = [
  'users',
  'regions',
  'locations',
  'customers',
  'projects',
  'drivers',
  'units',
  'tires',
  'tire_requests',
  'active_unit_tires',
  'tire_events',
  'tire_checks',
  'tire_check_records',
  'tire_replacements',
  'tire_replace_records',
  'mismatches',
  'mismatch_positions',
  'qc_checks',
  'breakdown_calls',
  'storing_targets',
  'banners',
  'news',
  'sop_entries',
];

export const resetSequencesSql = SERIAL_TABLES.map(
  (t) => `select setval(pg_get_serial_sequence('${t}', 'id'), greatest((select max(id) from ${t}), 1));`,
).join('\n');
