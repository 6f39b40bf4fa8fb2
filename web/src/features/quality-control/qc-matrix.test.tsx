import { QC_POSITIONS } from '@itms/contracts/enums';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QcMatrix } from './qc-matrix';

// everything ticked ('ya'), also the positions an engkel does not have, but item 1 at Pos 2
const matrix = () => QC_POSITIONS.map((_, i) => QC_POSITIONS.map((_, j) => !(i === 0 && j === 1)));

describe('QC matrix', () => {
  it('leaves the positions the unit does not have empty, whatever was sent for them', () => {
    render(<QcMatrix matrix={matrix()} unitType="ENGKEL" />);
    const table = screen.getByRole('table', { name: 'Hasil pemeriksaan per item dan posisi ban' });
    // 14 items x 6 positions (7..12) an engkel has not
    expect(within(table).getAllByLabelText('kosong')).toHaveLength(14 * 6);
    expect(within(table).getAllByRole('img', { name: 'ya' })).toHaveLength(14 * 8 - 1);
    expect(within(table).getAllByRole('img', { name: 'tidak' })).toHaveLength(1);
    expect(within(table).queryByTitle(/Pos 7: ya/)).toBeNull();
    expect(within(table).getAllByTitle('Pos 12: tidak ada pada unit ENGKEL')).toHaveLength(14);
    // the spares are on every unit
    expect(within(table).getAllByTitle(/Pos ST1: ya$/)).toHaveLength(14);
  });

  it('has a legend for tick, fault and empty with the counts of the positions the unit has', () => {
    render(<QcMatrix matrix={matrix()} unitType="TRONTON" />);
    const legend = screen.getByRole('list', { name: 'Keterangan' });
    const items = within(legend)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.trim());
    expect(items).toEqual([
      `Ya (sesuai): ${14 * 12 - 1}`,
      'Tidak (temuan): 1',
      'Kosong: posisi tidak ada pada unit TRONTON (2 posisi)',
    ]);
  });

  it('a trailer has all 14 positions: no empty cells, no empty legend entry', () => {
    render(<QcMatrix matrix={matrix()} unitType="HEAD TRAILER" />);
    expect(screen.queryAllByLabelText('kosong')).toHaveLength(0);
    expect(within(screen.getByRole('list', { name: 'Keterangan' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
