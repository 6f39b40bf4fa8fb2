import { TIRE_STATUSES, type TireStatus } from '@itms/contracts/enums';
import {
  RTD_RANGE_KEYS,
  type RtdRange,
  TIRE_SEARCH_FIELDS,
  TIRE_SEARCH_GROUPS,
  type TireSearchField,
} from '@itms/contracts/tire-list';

/** The List Data Ban filters kept in the URL (besides page, pageSize, sort and q). */
export interface TireFilters {
  searchBy?: TireSearchField;
  rtd?: RtdRange;
  status?: TireStatus;
}

export function filtersFromParams(params: URLSearchParams): TireFilters {
  const searchBy = params.get('searchBy') ?? '';
  const rtd = params.get('rtd') ?? '';
  const status = (params.get('status') ?? '').toUpperCase();
  return {
    searchBy: (TIRE_SEARCH_FIELDS as readonly string[]).includes(searchBy)
      ? (searchBy as TireSearchField)
      : undefined,
    rtd: (RTD_RANGE_KEYS as readonly string[]).includes(rtd) ? (rtd as RtdRange) : undefined,
    status: (TIRE_STATUSES as readonly string[]).includes(status) ? (status as TireStatus) : undefined,
  };
}

/** A shortcut chip: RTD ranges of the lowest groove, and the tire statuses. */
export type TireChip = { kind: 'rtd'; value: RtdRange } | { kind: 'status'; value: TireStatus };

export const STATUS_LABELS: Record<TireStatus, string> = {
  INSTALLED: 'Installed',
  UNINSTALLED: 'Uninstalled',
  SCRAP: 'Scrap',
  SPARE: 'Spare',
};

export const TIRE_CHIPS: { chip: TireChip; label: string }[] = [
  ...RTD_RANGE_KEYS.map((r) => ({ chip: { kind: 'rtd', value: r } as TireChip, label: `RTD ${r}` })),
  ...TIRE_STATUSES.map((s) => ({ chip: { kind: 'status', value: s } as TireChip, label: STATUS_LABELS[s] })),
];

export function chipActive(filters: TireFilters, chip: TireChip): boolean {
  return chip.kind === 'rtd' ? filters.rtd === chip.value : filters.status === chip.value;
}

/**
 * The URL change of a click on a chip: an RTD chip and a status chip combine; a second click on
 * the active chip clears it. Always back to page 1.
 */
export function toggleChip(filters: TireFilters, chip: TireChip): Record<string, string | undefined> {
  const on = !chipActive(filters, chip);
  return { [chip.kind]: on ? chip.value : undefined, page: undefined };
}

/** Label of a search-by column, e.g. 'RTD Terendah'. */
export function searchFieldLabel(field: TireSearchField): string {
  for (const g of TIRE_SEARCH_GROUPS) {
    const f = g.fields.find((x) => x.value === field);
    if (f) return f.label;
  }
  return field;
}

/** Options of the grouped search-by Select. */
export const SEARCH_BY_OPTIONS = TIRE_SEARCH_GROUPS.map((g) => ({
  label: g.label,
  title: g.label,
  options: g.fields.map((f) => ({ value: f.value, label: f.label })),
}));
