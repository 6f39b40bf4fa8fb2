import { describe, expect, it } from 'vitest';
import {
  chipActive,
  filtersFromParams,
  SEARCH_BY_OPTIONS,
  searchFieldLabel,
  TIRE_CHIPS,
  toggleChip,
} from './tire-filters';

const params = (s: string) => new URLSearchParams(s);

describe('List Data Ban filters in the URL', () => {
  it('reads known values and drops anything else', () => {
    expect(filtersFromParams(params('searchBy=tube_brand&rtd=4-6&status=scrap'))).toEqual({
      searchBy: 'tube_brand',
      rtd: '4-6',
      status: 'SCRAP',
    });
    expect(filtersFromParams(params('searchBy=password&rtd=0-30&status=LOST'))).toEqual({
      searchBy: undefined,
      rtd: undefined,
      status: undefined,
    });
  });

  it('has the eight shortcut chips of the spec, RTD ranges first', () => {
    expect(TIRE_CHIPS.map((c) => c.label)).toEqual([
      'RTD 0-3',
      'RTD 4-6',
      'RTD 7-9',
      'RTD 10-12',
      'Installed',
      'Uninstalled',
      'Scrap',
      'Spare',
    ]);
  });

  it('an RTD chip and a status chip combine; clicking the active chip clears it; back to page 1', () => {
    const rtd03 = TIRE_CHIPS[0]!.chip;
    const scrap = TIRE_CHIPS[6]!.chip;
    expect(toggleChip({}, rtd03)).toEqual({ rtd: '0-3', page: undefined });
    const both = { rtd: '0-3' as const, status: 'SCRAP' as const };
    expect(chipActive(both, rtd03)).toBe(true);
    expect(chipActive(both, scrap)).toBe(true);
    expect(toggleChip(both, scrap)).toEqual({ status: undefined, page: undefined });
    // another RTD range replaces the current one
    expect(toggleChip(both, TIRE_CHIPS[1]!.chip)).toEqual({ rtd: '4-6', page: undefined });
  });

  it('groups the search-by select as tire identity, RTD and pressure, tube, flap, rim', () => {
    expect(SEARCH_BY_OPTIONS.map((g) => g.label)).toEqual([
      'Identitas ban',
      'RTD dan tekanan',
      'Tube',
      'Flap',
      'Velg',
    ]);
    expect(searchFieldLabel('groove_lowest')).toBe('RTD Terendah');
  });
});
