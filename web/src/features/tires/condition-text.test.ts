import { defectLabel } from '@itms/contracts/defect-codes';
import { describe, expect, it } from 'vitest';
import { compareRows } from '../tire-replacements/components/compare-modal';
import { conditionText } from './tire-edit-modal';

const catalogue = [
  { code: 1, name: null },
  { code: 23, name: 'Dinding sobek' },
];
const label = (code: number) => defectLabel(code, catalogue);

describe('condition codes named by the defect catalogue', () => {
  it('Edit Ban: each zone with its code and catalogue name', () => {
    expect(conditionText('1,99,23,0,99', label)).toBe(
      'Tapak (crown): 1 Kode 1 · Bahu (shoulder): 99 Normal · Dinding (sidewall): 23 Dinding sobek · Bead: 0 Tidak dicek · Bagian dalam: 99 Normal',
    );
    expect(conditionText('99,99,99,99,99', label)).toBe('Normal (99) di semua bagian');
    // without a catalogue: the seed's names
    expect(conditionText('99,99,23,99,99')).toContain('Dinding (sidewall): 23 Sidewall Cut');
  });

  it('Komparasi Ban Pasang: the condition before and after by name', () => {
    const row = compareRows({ condition: '99,99,23,99,99' }, { condition: '99,99,99,99,99' }, label).find(
      (r) => r.key === 'condition',
    );
    expect(row).toMatchObject({
      before: 'Normal, Normal, Dinding sobek, Normal, Normal',
      after: 'Normal, Normal, Normal, Normal, Normal',
    });
  });
});
