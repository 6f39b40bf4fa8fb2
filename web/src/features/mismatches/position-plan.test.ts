import type { TMismatchPosition } from '@itms/contracts/mismatches';
import { describe, expect, it } from 'vitest';
import { actionOf, canUpdate, initialChoice, validateBody, withAction, withSerial } from './position-plan';

const pos = (over: Partial<TMismatchPosition> = {}): TMismatchPosition => ({
  id: 1,
  position: '1',
  originTire: { id: 10, serialNumber: 'BS-100', irBrand: 'BRIDGESTONE' },
  found_serial: 'BS-100',
  newTire: { id: 10, serialNumber: 'BS-100', irBrand: 'BRIDGESTONE' },
  action: null,
  ...over,
});

describe('BKB position actions', () => {
  it('starts from the serial the tire man found: Normal when it is Sebelum (any case), else Update', () => {
    expect(actionOf(pos(), initialChoice(pos()))).toBe('normal');
    const lower = pos({ found_serial: 'bs-100' });
    expect(actionOf(lower, initialChoice(lower))).toBe('normal');
    const other = pos({ found_serial: 'GT-7', newTire: { id: 70, serialNumber: 'GT-7', irBrand: 'GT' } });
    const c = initialChoice(other);
    expect(c.serial).toBe('GT-7');
    expect(c.tire?.id).toBe(70);
    expect(actionOf(other, c)).toBe('update');
  });

  it('an empty Sesudah is Normal; a serial on an empty position is Update', () => {
    const nothingFound = pos({ found_serial: '', newTire: null });
    expect(actionOf(nothingFound, initialChoice(nothingFound))).toBe('normal');
    expect(canUpdate(nothingFound, initialChoice(nothingFound))).toBe(false);
    const emptySlot = pos({ originTire: null, found_serial: 'GT-7', newTire: null });
    expect(actionOf(emptySlot, initialChoice(emptySlot))).toBe('update');
  });

  it('typing recomputes the action and leaves Kosong', () => {
    const p = pos();
    let c = withAction(p, initialChoice(p), 'delete');
    expect(actionOf(p, c)).toBe('delete');
    c = withSerial(p, c, 'MC-9', null);
    expect(actionOf(p, c)).toBe('update');
    c = withSerial(p, c, 'bs-100', null);
    expect(actionOf(p, c)).toBe('normal');
  });

  it('Normal shows Sebelum again and Update brings the other serial back', () => {
    const p = pos({ found_serial: 'GT-7', newTire: { id: 70, serialNumber: 'GT-7', irBrand: 'GT' } });
    let c = withAction(p, initialChoice(p), 'normal');
    expect(c.serial).toBe('BS-100');
    expect(actionOf(p, c)).toBe('normal');
    expect(canUpdate(p, c)).toBe(true);
    c = withAction(p, c, 'update');
    expect(c.serial).toBe('GT-7');
    expect(c.tire?.id).toBe(70);
    expect(actionOf(p, c)).toBe('update');
  });

  it('builds the validate body: update with serial and tire id, normal and delete without a serial', () => {
    const p1 = pos({
      position: '1',
      found_serial: 'GT-7',
      newTire: { id: 70, serialNumber: 'GT-7', irBrand: 'GT' },
    });
    const p2 = pos({ id: 2, position: '2', found_serial: 'XX-1', newTire: null });
    const p3 = pos({ id: 3, position: 'ST' });
    const choices = {
      '1': initialChoice(p1),
      '2': withAction(p2, initialChoice(p2), 'delete'),
      ST: initialChoice(p3),
    };
    expect(validateBody([p1, p2, p3], choices, 'sig/1.png')).toEqual({
      signatureUrl: 'sig/1.png',
      positions: [
        { position: '1', action: 'update', serial_number: 'GT-7', tire_id: 70 },
        { position: '2', action: 'delete' },
        { position: 'ST', action: 'normal' },
      ],
    });
    // typed but not picked: the server looks the serial up; no stale tire id is sent
    const typed = { ...choices, '1': withSerial(p1, choices['1'], 'MC-1', null) };
    expect(validateBody([p1], typed, undefined)).toEqual({
      positions: [{ position: '1', action: 'update', serial_number: 'MC-1' }],
    });
  });
});
