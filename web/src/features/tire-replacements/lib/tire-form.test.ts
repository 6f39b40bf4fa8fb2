import { describe, expect, it } from 'vitest';
import { tire } from '../test/fixtures';
import { recordBodyOf, tireBodyOf, tireFormValues } from './tire-form';

describe('Form Detail Ban values', () => {
  it('round-trips a tire: cleared selects are null, missing numbers null', () => {
    const v = tireFormValues(tire({ tube_status: '', velg_holes: null }));
    expect(v.tube_status).toBeNull();
    expect(v.velg_holes).toBeNull();
    expect(v.serial_number).toBe('BS2601A0001');
  });

  it('upper-cases brands, sizes and the casing/tube/flap/velg values, trims text, keeps pattern case', () => {
    const body = recordBodyOf({
      ...tireFormValues(tire()),
      ir_brand: ' gt radial ',
      tube_brand: 'swallow',
      velg_size: '22.5x9.00',
      tube_status: 'new (ir)',
      casing_status: null,
      pattern: ' Sp320 ',
      information: ' retak halus ',
      groove_1: null,
      velg_holes: 10,
    });
    expect(body).toMatchObject({
      ir_brand: 'GT RADIAL',
      tube_brand: 'SWALLOW',
      velg_size: '22.5X9.00',
      tube_status: 'NEW (IR)',
      casing_status: '',
      pattern: 'Sp320',
      information: 'retak halus',
      groove_1: null,
      velg_holes: 10,
    });
    expect(body).not.toHaveProperty('serial_number');
  });

  it('keeps the stored ORI/RET when the select is empty; the tire body carries the serial', () => {
    expect(recordBodyOf({ ...tireFormValues(tire()), is_original: null })).not.toHaveProperty('is_original');
    expect(tireBodyOf({ ...tireFormValues(tire()), serial_number: ' BS-1 ' }).serial_number).toBe('BS-1');
    expect(tireBodyOf({ ...tireFormValues(tire()), serial_number: '' })).not.toHaveProperty('serial_number');
  });
});
