import { z } from 'zod';
import { defineEndpoints, defineErrors } from '../endpoint';

/** Error codes of the system operations beyond the generic ones. */
export const systemErrors = defineErrors({});

export const systemEndpoints = defineEndpoints({
  getHealth: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database reachability (503 when the database does not answer).',
    tag: 'system',
    access: 'public',
    reply: z.object({ status: z.string(), database: z.enum(['pglite', 'postgres']) }),
  },
});
