import { SEEDED_CATALOGUE } from '@itms/contracts/defect-codes';
import { describe, expect, it } from 'vitest';
import { keptTires } from './check-form-page';
import { allNormal, pickerCodes } from './tire-condition';

describe("a zone's list of codes", () => {
  it('lists the named codes first, then the rest by number', () => {
    const codes = pickerCodes(SEEDED_CATALOGUE, '').map((d) => d.code);
    expect(codes.slice(0, 8)).toEqual([1, 8, 16, 23, 29, 36, 40, 2]);
    expect(codes).toHaveLength(40);
  });

  it('finds a code by its number or by a piece of its name, case-blind', () => {
    expect(pickerCodes(SEEDED_CATALOGUE, '23').map((d) => d.code)).toEqual([23]);
    expect(pickerCodes(SEEDED_CATALOGUE, 'cut').map((d) => d.code)).toEqual([1, 16, 23]);
    // an unnamed code is found as 'Kode N'
    expect(pickerCodes(SEEDED_CATALOGUE, 'kode 7').map((d) => d.code)).toEqual([7]);
  });

  it("reads 'Semua normal' only when all five zones are 99", () => {
    expect(allNormal([99, 99, 99, 99, 99])).toBe(true);
    expect(allNormal([99, 99, 0, 99, 99])).toBe(false);
  });
});

describe('a draft kept before the zones existed (an update in the middle of a check)', () => {
  it("opens with 'Semua normal' as five normal zones, and unticked as five not checked", () => {
    // nor rotation, temperature or a note: they open empty
    const noExtras = { rotation: '', temperature: '', information: '' };
    const measured = {
      serial_number: 'A1',
      groove_1: '7',
      groove_2: '7',
      groove_3: '7',
      groove_4: '7',
      pressure: '95',
    };
    expect(
      keptTires({
        '1': { ...measured, normal: true },
        '2': { ...measured, normal: false },
        '3': { ...measured, condition: [1, 99, 99, 99, 0] },
      }),
    ).toEqual({
      '1': { ...measured, ...noExtras, condition: [99, 99, 99, 99, 99] },
      '2': { ...measured, ...noExtras, condition: [0, 0, 0, 0, 0] },
      '3': { ...measured, ...noExtras, condition: [1, 99, 99, 99, 0] },
    });
  });
});
