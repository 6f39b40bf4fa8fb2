import { API } from '@itms/contracts/api';
import { checksPerTireMan, daysInclusive } from '@itms/contracts/rules/expected-checks';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';
import { auditLog, units } from '../../db/schema';
import { todayIn } from '../reports/reports.service';

let t: TestApp;
let staff: string;
let admin: string;
let tireman: string;

beforeAll(async () => {
  // the checks here are dated in 2025 (fixed days the expected counts are computed for)
  t = await createTestApp({ fieldMaxAgeDays: 3650 });
  staff = await t.login(FX.staff.email);
  admin = await t.login(FX.admin.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

async function unitId(plate: string): Promise<number> {
  const [u] = await t.database.db.select({ id: units.id }).from(units).where(eq(units.plate_number, plate));
  return u!.id;
}

/** A tire man's check through the field API, at a location, done at `performedAt`. */
async function submitCheck(locationId: number, performedAt: string, serial = FX.installedSerial(1)) {
  const res = await call(
    'POST',
    '/api/tire-check',
    {
      unit_id: await unitId(FX.tronton),
      location_id: locationId,
      odometer: 61000,
      performed_at: performedAt,
      records: [
        {
          position: '1',
          serial_number: serial,
          groove_1: 10,
          groove_2: 10,
          groove_3: 9,
          groove_4: 10,
          pressure: 105,
          condition: '99,99,99,99,99',
        },
      ],
    },
    tireman,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('regions and locations', () => {
  it('lists regions and locations for selects', async () => {
    const regions = (await call('GET', '/api/region')).json();
    expect(regions).toEqual([
      { id: expect.any(Number), name: FX.region, manpower: 2, pic: 'Pak Harun', target_check: null },
    ]);
    const locations = (await call('GET', '/api/location')).json();
    expect(locations).toEqual([
      {
        id: expect.any(Number),
        name: FX.location,
        region_id: regions[0].id,
        Region: { id: regions[0].id, name: FX.region },
      },
    ]);
    expect((await call('GET', `/api/location?region_id=${regions[0].id + 1000}`)).json()).toEqual([]);
  });

  it('saves a target check and PIC, clears the target with an empty value, and refuses bad numbers', async () => {
    const [region] = (await call('GET', '/api/region')).json();
    const saved = await call('PUT', `/api/region/${region.id}`, { target_check: '500', pic: 'Bu Sari' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Region berhasil di update',
      data: { target_check: 500, pic: 'Bu Sari', manpower: 2 },
    });
    const cleared = await call('PUT', `/api/region/${region.id}`, { target_check: '' });
    expect(cleared.json().data).toMatchObject({ target_check: null, pic: 'Bu Sari' });
    const bad = await call('PUT', `/api/region/${region.id}`, { target_check: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0]).toMatchObject({ field: 'target_check' });
    expect((await call('PUT', '/api/region/99999', { target_check: 1 })).statusCode).toBe(404);
  });

  it('creates, edits and deletes a region, audited, and refuses a blank or taken name', async () => {
    const created = await call('POST', '/api/region', {
      name: '  Kalimantan Timur ',
      pic: 'Pak Yusuf',
      manpower: '3',
      target_check: '',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: 'Region berhasil Ditambahkan',
      data: {
        id: expect.any(Number),
        name: 'Kalimantan Timur',
        pic: 'Pak Yusuf',
        manpower: 3,
        target_check: null,
      },
    });
    const id = created.json().data.id;
    expect((await call('GET', `/api/region/${id}`)).json()).toEqual(created.json().data);

    const blank = await call('POST', '/api/region', { name: ' ', manpower: 1 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual([{ field: 'name', message: 'Nama region wajib diisi' }]);
    const taken = await call('POST', '/api/region', { name: 'kalimantan timur' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'REGION_NAME_TAKEN',
      message: 'Nama region sudah terdaftar',
      fields: [{ field: 'name', message: 'Nama region sudah terdaftar' }],
    });
    const negative = await call('POST', '/api/region', { name: 'Papua', manpower: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().fields[0]).toMatchObject({
      field: 'manpower',
      message: 'Manpower tidak boleh negatif',
    });

    const edited = await call(
      'PUT',
      `/api/region/${id}`,
      { name: 'Kaltim', pic: 'Bu Rina', manpower: 4, target_check: 12 },
      admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toEqual({ id, name: 'Kaltim', pic: 'Bu Rina', manpower: 4, target_check: 12 });
    // renaming onto another region's name is refused, keeping its own name is not
    expect((await call('PUT', `/api/region/${id}`, { name: FX.region, target_check: 12 })).statusCode).toBe(
      409,
    );
    expect((await call('PUT', `/api/region/${id}`, { name: 'KALTIM', target_check: 12 })).statusCode).toBe(
      200,
    );

    const deleted = await call('DELETE', `/api/region/${id}`);
    expect(deleted.json()).toEqual({ message: 'Berhasil menghapus Region', data: { id } });
    expect((await call('GET', `/api/region/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/region/${id}`)).statusCode).toBe(404);

    const trail = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(id)))
      .orderBy(desc(auditLog.id));
    expect(trail.map((a) => a.action)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('creates, moves and deletes a location; refuses an unknown region and a name taken in the region', async () => {
    const [home] = (await call('GET', '/api/region')).json();
    const other = (await call('POST', '/api/region', { name: 'Sumatera Utara', manpower: 1 })).json().data;

    const created = await call('POST', '/api/location', { name: 'Pool Medan', region_id: String(other.id) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: 'Lokasi berhasil Ditambahkan',
      data: {
        id: expect.any(Number),
        name: 'Pool Medan',
        region_id: other.id,
        Region: { id: other.id, name: other.name },
      },
    });
    const loc = created.json().data;

    const noRegion = await call('POST', '/api/location', { name: 'Pool X' });
    expect(noRegion.statusCode).toBe(400);
    expect(noRegion.json().fields).toEqual([{ field: 'region_id', message: 'Region wajib dipilih' }]);
    const unknown = await call('POST', '/api/location', { name: 'Pool X', region_id: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual([{ field: 'region_id', message: 'Region tidak ditemukan' }]);
    const twice = await call('POST', '/api/location', { name: 'pool medan', region_id: other.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'LOCATION_NAME_TAKEN',
      message: 'Nama lokasi sudah ada di region ini',
    });
    // the same name in another region is another place
    const elsewhere = await call('POST', '/api/location', { name: 'Pool Medan', region_id: home.id });
    expect(elsewhere.statusCode).toBe(201);

    // a location with the same name cannot be moved next to its namesake
    expect(
      (
        await call('PUT', `/api/location/${elsewhere.json().data.id}`, {
          name: 'Pool Medan',
          region_id: other.id,
        })
      ).statusCode,
    ).toBe(409);
    const moved = await call('PUT', `/api/location/${loc.id}`, { name: 'Pool Belawan', region_id: home.id });
    expect(moved.json()).toEqual({
      message: 'Lokasi berhasil di update',
      data: {
        id: loc.id,
        name: 'Pool Belawan',
        region_id: home.id,
        Region: { id: home.id, name: home.name },
      },
    });
    expect((await call('GET', `/api/location/${loc.id}`)).json()).toEqual(moved.json().data);

    for (const id of [loc.id, elsewhere.json().data.id]) {
      const res = await call('DELETE', `/api/location/${id}`);
      expect(res.json()).toEqual({ message: 'Berhasil menghapus Lokasi', data: { id } });
    }
    expect((await call('GET', `/api/location/${loc.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/region/${other.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a region with locations or a location that checks and BKB use, with the count', async () => {
    const region = (await call('POST', '/api/region', { name: 'Sulawesi', manpower: 2 })).json().data;
    const locs = [];
    for (const name of ['Pool Makassar', 'Pool Parepare', 'Pool Palu']) {
      locs.push((await call('POST', '/api/location', { name, region_id: region.id })).json().data);
    }
    const hasLocations = await call('DELETE', `/api/region/${region.id}`);
    expect(hasLocations.statusCode).toBe(409);
    expect(hasLocations.json()).toMatchObject({
      code: 'REGION_HAS_LOCATIONS',
      message: 'Region masih memiliki 3 lokasi. Hapus atau pindahkan lokasinya terlebih dahulu.',
    });

    const used = locs[0];
    await submitCheck(used.id, '2025-03-02T09:00:00+07:00');
    await submitCheck(used.id, '2025-03-03T09:00:00+07:00');
    const inUse = await call('DELETE', `/api/location/${used.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({
      code: 'LOCATION_IN_USE',
      message: 'Lokasi masih dipakai oleh 2 pengecekan',
    });

    const bkb = await call(
      'POST',
      '/api/mismatch',
      {
        unit_id: await unitId(FX.engkel),
        location_id: used.id,
        category: 'Ban hilang',
        positions: [{ position: '1', found_serial: '' }],
      },
      tireman,
    );
    expect(bkb.statusCode, bkb.body).toBe(201);
    const both = await call('DELETE', `/api/location/${used.id}`);
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe('Lokasi masih dipakai oleh 2 pengecekan dan 1 BKB');
    // nothing was deleted on the way
    expect((await call('GET', `/api/location/${used.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/location?region_id=${region.id}`)).json()).toHaveLength(3);

    // the unused ones go; the region keeps refusing while one is left
    await call('DELETE', `/api/location/${locs[1].id}`);
    await call('DELETE', `/api/location/${locs[2].id}`);
    expect((await call('DELETE', `/api/region/${region.id}`)).json().message).toBe(
      'Region masih memiliki 1 lokasi. Hapus atau pindahkan lokasinya terlebih dahulu.',
    );
  });

  it("computes a region's expectation from the tire men who worked there and its Target Check, dated from the month it changed", async () => {
    const region = (
      await call('POST', '/api/region', { name: 'Bali Nusra', pic: 'Pak Made', manpower: 3, target_check: 2 })
    ).json().data;
    const loc = (await call('POST', '/api/location', { name: 'Pool Denpasar', region_id: region.id })).json()
      .data;
    const row = async (range: { dateStart: string; dateEnd: string }) =>
      (await call('POST', '/api/tire-check/summary', range))
        .json()
        .data.find((r: { id: number }) => r.id === region.id);
    const april = { dateStart: '2025-04-01', dateEnd: '2025-04-10' };

    // a region without checks is on the summary with 0, and nobody worked there: nothing expected
    expect(await row(april)).toMatchObject({
      region: 'Bali Nusra',
      pic: 'Pak Made',
      manpower: 3,
      tire_men: 0,
      total: 0,
      target_check: 2,
      expected: 0,
      percentage: null,
    });

    for (let day = 1; day <= 6; day++) {
      await submitCheck(loc.id, `2025-04-0${day}T10:00:00+07:00`, FX.installedSerial(day));
    }
    // one tire man worked there (not the typed 3): 6 checks of 20 (2 a day x 1 tire man x 10 days)
    expect(await row(april)).toMatchObject({ total: 6, tire_men: 1, expected: 20, percentage: 30 });

    // the card's Target Check and the manpower change from this month on: April 2025 keeps its plan
    expect((await call('PUT', `/api/region/${region.id}`, { target_check: 1, manpower: 6 })).statusCode).toBe(
      200,
    );
    expect(await row(april)).toMatchObject({ manpower: 3, target_check: 2, expected: 20, percentage: 30 });
    const today = todayIn('Asia/Jakarta');
    const thisMonth = { dateStart: `${today.slice(0, 7)}-01`, dateEnd: today };
    await submitCheck(loc.id, new Date().toISOString(), FX.installedSerial(7));
    const days = Number(today.slice(8, 10));
    expect(await row(thisMonth)).toMatchObject({
      manpower: 6,
      target_check: 1,
      tire_men: 1,
      total: 1,
      expected: days,
    });
    // cleared: back to the spec's 16 per tire man per day, this month only
    await call('PUT', `/api/region/${region.id}`, { target_check: null });
    expect(await row(thisMonth)).toMatchObject({ target_check: null, expected: 16 * days });
    expect(await row(april)).toMatchObject({ target_check: 2, expected: 20 });
    // a range over both months sums each month with its own plan
    const both = await row({ dateStart: '2025-04-01', dateEnd: today });
    const plans = [
      { month: '2000-01-01', target_check: 2 },
      { month: thisMonth.dateStart, target_check: null },
    ];
    expect(both).toMatchObject({ tire_men: 1, target_check: null, total: 7 });
    expect(both.expected).toBe(checksPerTireMan(plans, '2025-04-01', today));
    expect(both.expected).toBe(2 * daysInclusive('2025-04-01', thisMonth.dateStart) - 2 + 16 * days);
  });

  it('is closed to tire men', async () => {
    expect((await call('GET', '/api/region', undefined, tireman)).statusCode).toBe(403);
    expect((await call('GET', '/api/location', undefined, tireman)).statusCode).toBe(403);
    expect((await call('PUT', '/api/region/1', { target_check: 1 }, tireman)).statusCode).toBe(403);
    expect((await call('POST', '/api/region', { name: 'X' }, tireman)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/region/1', undefined, tireman)).statusCode).toBe(403);
    expect((await call('POST', '/api/location', { name: 'X', region_id: 1 }, tireman)).statusCode).toBe(403);
    expect((await call('PUT', '/api/location/1', { name: 'X', region_id: 1 }, tireman)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/location/1', undefined, tireman)).statusCode).toBe(403);
  });

  it('answers its lists and details as their reply schemas describe', async () => {
    const regions = (await call('GET', '/api/region')).json();
    API.listRegions.reply.parse(regions);
    API.getRegion.reply.parse((await call('GET', `/api/region/${regions[0].id}`)).json());
    const locations = (await call('GET', '/api/location')).json();
    API.listLocations.reply.parse(locations);
    API.getLocation.reply.parse((await call('GET', `/api/location/${locations[0].id}`)).json());
  });
});
