// The top bar's global search (issue 25): units by plate, tires by serial, tire men by name.
import { z } from 'zod';
import { TIRE_STATUSES, UNIT_TYPES } from './enums';

/** At most this many answers per group: the dropdown shows a few, the screens list the rest. */
export const GLOBAL_SEARCH_LIMIT = 5;
/** Fewer characters match nearly everything (and a trigram index needs some to work with). */
export const GLOBAL_SEARCH_MIN = 3;
export const GLOBAL_SEARCH_MAX = 50;

export const ZGlobalSearchQuery = z.object({
  q: z
    .string({ error: 'Kata pencarian wajib diisi' })
    .trim()
    .min(GLOBAL_SEARCH_MIN, `Kata pencarian minimal ${GLOBAL_SEARCH_MIN} karakter`)
    .max(GLOBAL_SEARCH_MAX, `Kata pencarian maksimal ${GLOBAL_SEARCH_MAX} karakter`),
});
export type TGlobalSearchQuery = z.infer<typeof ZGlobalSearchQuery>;

export const ZGlobalSearchReply = z.object({
  units: z.array(
    z.object({
      id: z.number().int(),
      plate_number: z.string(),
      unit_type: z.enum(UNIT_TYPES),
      project: z.string(),
    }),
  ),
  tires: z.array(
    z.object({
      id: z.number().int(),
      serial_number: z.string(),
      brand: z.string(),
      size: z.string(),
      status: z.enum(TIRE_STATUSES),
    }),
  ),
  tireMen: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string(),
    }),
  ),
});
export type TGlobalSearchReply = z.infer<typeof ZGlobalSearchReply>;
