import { describe, expect, it } from 'vitest';
import { normalizePlate, ZUnitBody } from '../master-data';
import { ZTireInput } from '../tire-list';
import { foldLookalikes, latinLettersOnly } from './lookalike';

describe('look-alike serial and plate numbers', () => {
  it('folds fullwidth forms and removes invisible characters', () => {
    expect(foldLookalikes('ＡＢ１２３')).toBe('AB123');
    expect(foldLookalikes(' A\u200BB\u200C1\u200D2\u2060\uFEFF3\u00AD ')).toBe('AB123');
    expect(normalizePlate('ｂ　９００１\u200B　ｔｒ')).toBe('B 9001 TR');
  });

  it('tells Latin letters from look-alikes of other scripts', () => {
    expect(latinLettersOnly('AB-123/Élan')).toBe(true);
    expect(latinLettersOnly('АВ123')).toBe(false); // Cyrillic
    expect(latinLettersOnly('ΑΒ123')).toBe(false); // Greek
  });

  it('the serial and plate rules the server and the web share apply both', () => {
    expect(ZTireInput.parse({ serial_number: 'ＡＢ\u200B１２３' }).serial_number).toBe('AB123');
    const cyrillic = ZTireInput.safeParse({ serial_number: 'АВ123' });
    expect(cyrillic.success).toBe(false);
    expect(cyrillic.error?.issues[0]?.message).toContain('huruf non-Latin');
    const unit = { unit_type: 'tronton', project_id: 1, tonnage: 10, handled_date: '05/03/25' };
    expect(ZUnitBody.parse({ ...unit, plate_number: 'Ｂ　９００１　ＴＲ' }).plate_number).toBe('B 9001 TR');
    expect(ZUnitBody.safeParse({ ...unit, plate_number: 'В 9001 ТR' }).success).toBe(false);
  });
});
