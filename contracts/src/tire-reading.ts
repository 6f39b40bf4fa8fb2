import { z } from 'zod';

/** A tire's reading in a reply: RTD 1-4, the lowest groove and the pressure (null: not measured). */
export const tireReadingReply = {
  groove_1: z.number().nullable(),
  groove_2: z.number().nullable(),
  groove_3: z.number().nullable(),
  groove_4: z.number().nullable(),
  groove_lowest: z.number().nullable(),
  pressure: z.number().nullable(),
};
