import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FX, type TestApp } from '../../../test/helpers';

let t: TestApp;
let staff: string;
let tireman: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.login(FX.staff.email);
  tireman = await t.login(FX.tireman.email);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT';
const call = (method: Method, url: string, payload?: object, token = staff) =>
  t.app.inject({ method, url, payload, headers: { access_token: token } });

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

  it('is closed to tire men', async () => {
    expect((await call('GET', '/api/region', undefined, tireman)).statusCode).toBe(403);
    expect((await call('GET', '/api/location', undefined, tireman)).statusCode).toBe(403);
    expect((await call('PUT', '/api/region/1', { target_check: 1 }, tireman)).statusCode).toBe(403);
  });
});
