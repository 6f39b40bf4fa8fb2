import type { TActiveTireRow } from '@itms/contracts/tire-list';
import { describe, expect, it } from 'vitest';
import { beforeTire, detail, record, tire } from '../test/fixtures';
import { afterLabel, beforeLabel, hasRecord, positionSlots, slotStatusText } from './position-slots';

const mounted = (position: string, serial: string): TActiveTireRow => ({
  id: 500 + Number(position),
  tire_id: 600 + Number(position),
  km_installed: 1000,
  position,
  status: 'INSTALLED',
  installedAt: '2026-01-01T00:00:00.000Z',
  serial_number: serial,
  ir_brand: 'GT RADIAL',
  Unit: { id: 31, plate_number: 'H 8326 BG', unit_type: 'TRONTON', Project: { id: 1, name: 'P' } },
});

describe('position slots of the Form Pergantian', () => {
  it('merges a remove and a replace at one position: Pergantian, old tire Before, new tire After', () => {
    const slots = positionSlots(detail().Tire_Replace_Records);
    const one = slots.get('1')!;
    expect(slotStatusText(one)).toBe('Pergantian');
    expect(beforeLabel(one)).toEqual({ serial: 'DL2542A9691', brand: 'DUNLOP' });
    expect(afterLabel(one)).toEqual({ serial: 'DL2624M5578', brand: 'DUNLOP' });
    expect(one.after?.status).toBe('replace');
    expect(one.removed?.status).toBe('remove');
  });

  it('shows a checked position as Normal with the same tire before and after', () => {
    const two = positionSlots(detail().Tire_Replace_Records).get('2')!;
    expect(slotStatusText(two)).toBe('Normal');
    expect(beforeLabel(two)?.serial).toBe('BS2548D2156');
    expect(afterLabel(two)?.serial).toBe('BS2548D2156');
  });

  it('a tire only taken off has no After, and a replace alone still counts as Pergantian', () => {
    const old = beforeTire({ id: 3, serial_number: 'OLD-3' });
    const slots = positionSlots([
      record('3', 'remove', old, old),
      record('4', 'replace', tire({ id: 4, serial_number: 'NEW-4' }), beforeTire({ serial_number: 'OLD-4' })),
    ]);
    expect(afterLabel(slots.get('3'))).toBeNull();
    expect(slotStatusText(slots.get('3'))).toBe('Normal');
    expect(slotStatusText(slots.get('4'))).toBe('Pergantian');
    expect(beforeLabel(slots.get('4'))?.serial).toBe('OLD-4');
  });

  it('adds the mounted tires of positions without a record, without a record to open', () => {
    const slots = positionSlots(detail().Tire_Replace_Records, [
      mounted('1', 'IGNORED'),
      mounted('5', 'GT-5'),
    ]);
    expect(beforeLabel(slots.get('1'))?.serial).toBe('DL2542A9691');
    const five = slots.get('5')!;
    expect(hasRecord(five)).toBe(false);
    expect(beforeLabel(five)).toEqual({ serial: 'GT-5', brand: 'GT RADIAL' });
    expect(slotStatusText(five)).toBe('Normal');
    expect(hasRecord(slots.get('7'))).toBe(false);
    expect(beforeLabel(slots.get('7'))).toBeNull();
  });
});
