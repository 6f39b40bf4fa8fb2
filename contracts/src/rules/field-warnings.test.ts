import { describe, expect, it } from 'vitest';
import { checkWarnings, pressureOff, type TireReading } from './field-warnings';

const tire = (patch: Partial<TireReading> = {}): TireReading => ({
  position: '1',
  serial_number: 'BS100',
  grooves: [8, 8, 8, 8],
  pressure: 100,
  before: { serial_number: 'BS100', grooves: [9, 9, 8.5, 9] },
  reference_psi: 100,
  ...patch,
});
const kinds = (...tires: TireReading[]) =>
  checkWarnings({ odometer: 1000, last_odometer: 900, tires }).map((w) => `${w.kind}@${w.position ?? '-'}`);

describe('warnings of a check', () => {
  it('says nothing about a worn-down, even, well-inflated tire with the serial of the records', () => {
    expect(kinds(tire())).toEqual([]);
  });

  it('flags an odometer lower than the last check, and not an equal one', () => {
    const lower = checkWarnings({ odometer: 899, last_odometer: 900, tires: [] });
    expect(lower).toEqual([
      { kind: 'odometer-lower', message: 'Odometer lebih rendah dari pengecekan terakhir (900 Km)' },
    ]);
    expect(checkWarnings({ odometer: 900, last_odometer: 900, tires: [] })).toEqual([]);
    expect(checkWarnings({ odometer: 10, last_odometer: null, tires: [] })).toEqual([]);
  });

  it('flags a lowest RTD above the last one of the same tire only', () => {
    expect(kinds(tire({ grooves: [9, 9, 9, 9] }))).toEqual(['rtd-higher@1']);
    // 8.5 was the lowest before: 8.5 again is no rise
    expect(kinds(tire({ grooves: [8.5, 9, 9, 9] }))).toEqual([]);
    // another tire at the position: its tread is not compared with the old one's
    expect(kinds(tire({ serial_number: 'GY200', grooves: [12, 12, 12, 12] }))).toEqual(['serial-differs@1']);
  });

  it('flags RTD 1-4 more than 3 mm apart, not exactly 3', () => {
    expect(kinds(tire({ grooves: [8, 8, 8, 4.9] }))).toEqual(['rtd-spread@1']);
    expect(kinds(tire({ grooves: [8, 8, 8, 5] }))).toEqual([]);
  });

  it('flags a pressure outside +-10 % of the size reference, not on the edge, not without a reference', () => {
    expect(kinds(tire({ pressure: 89 }), tire({ position: '2', pressure: 111 }))).toEqual([
      'psi-off@1',
      'psi-off@2',
    ]);
    expect(kinds(tire({ pressure: 90 }), tire({ position: '2', pressure: 110 }))).toEqual([]);
    expect(kinds(tire({ pressure: 10, reference_psi: null }))).toEqual([]);
  });

  it('flags a serial other than the records (case and spaces aside), not an empty position', () => {
    expect(kinds(tire({ serial_number: ' bs100 ' }))).toEqual([]);
    const w = checkWarnings({ odometer: null, last_odometer: null, tires: [tire({ serial_number: 'X9' })] });
    expect(w).toEqual([
      { kind: 'serial-differs', position: '1', message: 'Posisi 1: nomor seri berbeda dengan data (BS100)' },
    ]);
    expect(kinds(tire({ before: undefined, grooves: [20, 20, 20, 20] }))).toEqual([]);
  });
});

describe('pressureOff', () => {
  it('says low or high beyond +-10 % of the reference, nothing on the edge or without values', () => {
    expect(pressureOff(89, 100)).toBe('low');
    expect(pressureOff(111, 100)).toBe('high');
    expect(pressureOff(90, 100)).toBeNull();
    expect(pressureOff(110, 100)).toBeNull();
    expect(pressureOff(null, 100)).toBeNull();
    expect(pressureOff(50, null)).toBeNull();
  });
});
