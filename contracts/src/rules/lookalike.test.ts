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

  it('folds look-alike letters, digits of other scripts and dash variants to ASCII (issue 35)', () => {
    // dental click, dotless i, small capitals
    expect(foldLookalikes('ǀıɪʟʀʙᴀ')).toBe('IiILRBA');
    expect(foldLookalikes('ʙsᴀ-ᴛʀ')).toBe('BsA-TR');
    // Arabic-Indic, extended Arabic-Indic, Devanagari, Thai digits
    expect(foldLookalikes('BS-٠١٢٣٤٥٦٧٨٩')).toBe('BS-0123456789');
    expect(foldLookalikes('BS-۱۲۳')).toBe('BS-123');
    expect(foldLookalikes('BS-०१२३४५६७८९')).toBe('BS-0123456789');
    expect(foldLookalikes('BS-๑๒๓')).toBe('BS-123');
    // hyphen, non-breaking hyphen, figure, en and em dash, minus sign
    expect(foldLookalikes('A\u2010B\u2011C\u2012D\u2013E\u2014F\u2212G')).toBe('A-B-C-D-E-F-G');
    // accents are read away
    expect(foldLookalikes('Élan')).toBe('Elan');
    expect(normalizePlate('ʙ ٩٠٠١ ᴛʀ')).toBe('B 9001 TR');
  });

  it('allows printable ASCII only', () => {
    expect(latinLettersOnly(foldLookalikes('AB-123/Élan_2.0 #4'))).toBe(true);
    expect(latinLettersOnly(foldLookalikes('АВ123'))).toBe(false); // Cyrillic
    expect(latinLettersOnly(foldLookalikes('ΑΒ123'))).toBe(false); // Greek
    expect(latinLettersOnly(foldLookalikes('AB🛞123'))).toBe(false);
  });

  it('the serial and plate rules the server and the web share apply both', () => {
    expect(ZTireInput.parse({ serial_number: 'ＡＢ\u200B１２３' }).serial_number).toBe('AB123');
    expect(ZTireInput.parse({ serial_number: 'ʙs\u2010١٢٣' }).serial_number).toBe('Bs-123');
    const cyrillic = ZTireInput.safeParse({ serial_number: 'АВ123' });
    expect(cyrillic.success).toBe(false);
    expect(cyrillic.error?.issues[0]?.message).toBe(
      'Nomor seri berisi "А": huruf non-Latin atau tanda di luar A-Z, 0-9 dan tanda baca biasa; ketik dengan huruf A-Z',
    );
    const unit = { unit_type: 'tronton', project_id: 1, tonnage: 10, handled_date: '05/03/25' };
    expect(ZUnitBody.parse({ ...unit, plate_number: 'Ｂ　９００１　ＴＲ' }).plate_number).toBe('B 9001 TR');
    expect(ZUnitBody.parse({ ...unit, plate_number: 'ʙ ९००१ ᴛʀ' }).plate_number).toBe('B 9001 TR');
    expect(ZUnitBody.safeParse({ ...unit, plate_number: 'В 9001 ТR' }).success).toBe(false);
  });
});
