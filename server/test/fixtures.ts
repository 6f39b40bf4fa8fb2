import type { Db } from '../src/db/client';
import { refreshTireWear } from '../src/db/read-models/tire-wear/wear';
import {
  activeUnitTires,
  customers,
  locations,
  projects,
  regions,
  tires,
  units,
  users,
} from '../src/db/schema';
import { hashPassword } from '../src/lib/password';

/** Small, known data every server test file starts from (copied from one template per run). */
export const FX = {
  password: 'rahasia123',
  admin: { email: 'admin@test.local', name: 'Admin Uji' },
  staff: { email: 'edp@test.local', name: 'Edi EDP' },
  staff2: { email: 'edp2@test.local', name: 'Eka EDP' },
  tireman: { email: 'tm@test.local', name: 'Tono Tireman' },
  tireman2: { email: 'tm2@test.local', name: 'Tari Tireman' },
  /** The workshop role: signs validated work on Tanda Tangan Workshop and nothing else. */
  workshop: { email: 'workshop@test.local', name: 'Wawan Workshop' },
  /** A customer's account (issue 40): reads the fixture customer's fleet in the portal, nothing else. */
  customerUser: { email: 'pelanggan@test.local', name: 'Citra Pelanggan' },
  region: 'Jawa Barat',
  location: 'Pool Cikarang',
  customer: 'PT Logistik Nusantara',
  project: 'Distribusi Semen',
  tronton: 'B 9001 TR',
  engkel: 'B 9002 EN',
  /** Tires T-0001..T-0010 are mounted on the tronton (positions 1-10), T-0011..T-0016 on the engkel. */
  installedSerial: (n: number) => `T-${String(n).padStart(4, '0')}`,
  /** Spare stock, not mounted: S-0001..S-0010. */
  stockSerial: (n: number) => `S-${String(n).padStart(4, '0')}`,
} as const;

export async function seedFixtures(db: Db): Promise<void> {
  const password_hash = await hashPassword(FX.password);
  await db.insert(users).values([
    { ...FX.admin, phone: '081100000001', role: 'admin', password_hash },
    { ...FX.staff, phone: '081100000002', role: 'staff', password_hash },
    { ...FX.staff2, phone: '081100000003', role: 'staff', password_hash },
    { ...FX.tireman, phone: '081100000004', role: 'tire-man', password_hash },
    { ...FX.tireman2, phone: '081100000005', role: 'tire-man', password_hash },
    { ...FX.workshop, phone: '081100000006', role: 'workshop', password_hash },
  ]);
  const [region] = await db
    .insert(regions)
    .values({ name: FX.region, manpower: 2, pic: 'Pak Harun' })
    .returning();
  const [location] = await db
    .insert(locations)
    .values({ name: FX.location, region_id: region!.id })
    .returning();
  const [customer] = await db.insert(customers).values({ name: FX.customer }).returning();
  await db.insert(users).values({
    ...FX.customerUser,
    phone: '081100000007',
    role: 'customer',
    customer_id: customer!.id,
    password_hash,
  });
  const [project] = await db
    .insert(projects)
    .values({ name: FX.project, customer_id: customer!.id })
    .returning();
  const [tronton, engkel] = await db
    .insert(units)
    .values([
      {
        plate_number: FX.tronton,
        unit_type: 'TRONTON',
        project_id: project!.id,
        tonnage: 20,
        handled_date: '2025-01-10',
        // registered long before any work the tests date in the past (performed_at may not precede it)
        created_at: new Date('2025-01-10T00:00:00Z'),
      },
      {
        plate_number: FX.engkel,
        unit_type: 'ENGKEL',
        project_id: project!.id,
        tonnage: 8,
        handled_date: '2025-02-01',
        created_at: new Date('2025-02-01T00:00:00Z'),
      },
    ])
    .returning();
  void location;
  const tireRow = (serial: string, status: string, position: string) => ({
    serial_number: serial,
    ir_brand: 'BRIDGESTONE',
    ori_brand: 'BRIDGESTONE',
    pattern: 'R150',
    size: '11.00-20',
    groove_1: 12,
    groove_2: 12,
    groove_3: 11,
    groove_4: 12,
    groove_lowest: 11,
    pressure: 110,
    odometer: 50000,
    status,
    position,
  });
  const mounted = await db
    .insert(tires)
    .values([
      ...Array.from({ length: 10 }, (_, i) => tireRow(FX.installedSerial(i + 1), 'INSTALLED', String(i + 1))),
      ...Array.from({ length: 6 }, (_, i) => tireRow(FX.installedSerial(i + 11), 'INSTALLED', String(i + 1))),
    ])
    .returning({ id: tires.id });
  await db
    .insert(tires)
    .values(Array.from({ length: 10 }, (_, i) => tireRow(FX.stockSerial(i + 1), 'UNINSTALLED', '')));
  await db.insert(activeUnitTires).values([
    ...mounted.slice(0, 10).map((t, i) => ({
      unit_id: tronton!.id,
      position: String(i + 1),
      tire_id: t.id,
      km_installed: 40000,
    })),
    ...mounted.slice(10).map((t, i) => ({
      unit_id: engkel!.id,
      position: String(i + 1),
      tire_id: t.id,
      km_installed: 40000,
    })),
  ]);
  // every tire's wear row, as the demo seed and the bench generator leave them
  await db.transaction((tx) => refreshTireWear(tx, 'all'));
}
