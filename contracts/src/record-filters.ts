// Filters of the record screens (Rekam Pengecekan, Riwayat Pergantian, Rekam BKB) besides their
// dates: one unit (plate), one tire man, one location, one status. The lists and their XLSX
// exports take the same fields; the server builds them with server/src/lib/record-filters.ts.
import { z } from 'zod';
import { DOC_STATUSES } from './enums';
import { optionalFilterId as optionalId } from './list';

export const recordFilterFields = {
  /** The unit (its plate number on the screens). */
  unit_id: optionalId('Plat nomor'),
  tireman_id: optionalId('Tire man'),
  location_id: optionalId('Lokasi'),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(DOC_STATUSES, { error: 'Status harus pending atau approved' }).optional(),
  ),
};
export const ZRecordFilters = z.object(recordFilterFields);
export type TRecordFilters = z.output<typeof ZRecordFilters>;

/** The filter names as the web keeps them in the URL and sends them. */
export const RECORD_FILTER_KEYS = Object.keys(recordFilterFields) as (keyof TRecordFilters)[];

/** The screens' labels of the filters (the filter bar and the export's title row). */
export const RECORD_FILTER_LABELS: Record<keyof TRecordFilters, string> = {
  unit_id: 'Plat nomor',
  tireman_id: 'Tire man',
  location_id: 'Lokasi',
  status: 'Status',
};
