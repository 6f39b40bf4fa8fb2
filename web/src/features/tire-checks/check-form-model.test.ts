import { describe, expect, it } from 'vitest';
import {
  activeSerials,
  beforeOf,
  buildValidateBody,
  emptyAfterFields,
  initialAfter,
  isBkb,
  MEASURE_FIELDS,
  outOfRange,
  outOfRangeAfterFields,
  sortByPosition,
  waLink,
} from './check-form-model';
import { activeTires as active, record } from './test-data';

describe('check form model', () => {
  it('orders positions 1..12, then ST and ST2', () => {
    const recs = ['ST2', '10', 'ST', '2', '1', '12'].map((p, i) => record(i + 1, p));
    expect(sortByPosition(recs).map((r) => r.position)).toEqual(['1', '2', '10', '12', 'ST', 'ST2']);
  });

  it('starts After with the recorded values, KM being the check odometer', () => {
    const r = record(5, '1');
    expect(beforeOf(r)).toEqual({
      groove_1: 8,
      groove_2: 7.5,
      groove_3: 7,
      groove_4: 8,
      pressure: 95,
      odometer: 12000,
    });
    expect(initialAfter([r])).toEqual({ 5: beforeOf(r) });
  });

  it('names a value outside its bounds instead of changing it', () => {
    const field = (k: string) => MEASURE_FIELDS.find((f) => f.key === k)!;
    expect(outOfRange(field('groove_1'), 30)).toBe('RTD 1 harus 0 sampai 24 mm');
    expect(outOfRange(field('pressure'), -1)).toBe('PSI harus 0 sampai 200 PSI');
    expect(outOfRange(field('groove_1'), 12.5)).toBeNull();
    expect(outOfRange(field('pressure'), null)).toBeNull();
    expect(outOfRange(field('odometer'), 999_999)).toBeNull();
    expect(outOfRange(field('odometer'), -5)).toBe('KM minimal 0');
  });

  it('refuses to build the validation with a value out of bounds, naming it', () => {
    const recs = [record(1, '1'), record(2, '2')];
    const after = initialAfter(recs);
    after[2] = { ...after[2]!, pressure: 250, groove_3: 7.5 };
    expect(outOfRangeAfterFields(recs, after)).toEqual(['Posisi 2 PSI (250)']);
    expect(() => buildValidateBody(recs, after, undefined)).toThrow(
      'Nilai di luar batas: Posisi 2 PSI (250)',
    );
  });

  it('flags BKB where the recorded serial is not the mounted tire (case-insensitive) or none is mounted', () => {
    const serials = activeSerials(
      active([
        ['1', 'sn-1'],
        ['2', 'OTHER'],
      ]),
    );
    expect(isBkb(record(1, '1'), serials)).toBe(false);
    expect(isBkb(record(2, '2'), serials)).toBe(true);
    expect(isBkb(record(3, '3'), serials)).toBe(true);
    // unknown while the active tires are not loaded
    expect(isBkb(record(2, '2'), null)).toBe(false);
  });

  it('builds one validation line per record, in position order, odometer as a whole number', () => {
    const recs = [record(2, '2'), record(1, '1')];
    const after = initialAfter(recs);
    after[1] = { ...after[1], groove_1: 24, odometer: 12000.4 };
    expect(buildValidateBody(recs, after, 'sig.png')).toEqual({
      edp_sign: 'sig.png',
      records: [
        {
          record_id: 1,
          groove_1: 24,
          groove_2: 7.5,
          groove_3: 7,
          groove_4: 8,
          pressure: 95,
          odometer: 12000,
        },
        { record_id: 2, groove_1: 8, groove_2: 7.5, groove_3: 7, groove_4: 8, pressure: 95, odometer: 12000 },
      ],
    });
    // a stored signature: the server takes it from the account
    expect(buildValidateBody(recs, after, undefined)).not.toHaveProperty('edp_sign');
  });

  it('names empty After fields and refuses to build a body with them', () => {
    const recs = [record(1, '3', { pressure: null })];
    const after = initialAfter(recs);
    expect(emptyAfterFields(recs, after)).toEqual(['Posisi 3 PSI']);
    expect(() => buildValidateBody(recs, after, 'x')).toThrow('Posisi 3 PSI');
  });

  it('makes WhatsApp links with the 62 country code', () => {
    expect(waLink('081227610636')).toBe('https://wa.me/6281227610636');
    expect(waLink('+62 812-2761-0636')).toBe('https://wa.me/6281227610636');
    expect(waLink('6281227610636')).toBe('https://wa.me/6281227610636');
    expect(waLink('81227610636')).toBe('https://wa.me/6281227610636');
    expect(waLink('-')).toBeNull();
    expect(waLink('')).toBeNull();
  });
});
