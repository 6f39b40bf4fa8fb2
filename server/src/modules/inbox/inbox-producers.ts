// What puts items in the office inbox (issue 39, item 2). Each producer reads what it announces
// from committed data and hands it to app.inbox; none can fail the write that caused it.

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client';
import type { InboxMessage } from './inbox.service';

/** A BKB arrived from the field: every office user who receives 'bkb' gets it, linking to /mismatch. */
export function publishNewBkb(app: FastifyInstance, id: number): void {
  app.inbox.publish(async (): Promise<InboxMessage | null> => {
    const [row] = rowsOf<{ plate_number: string; category: string; tireman: string | null }>(
      await app.db.execute(sql`
        select u.plate_number, m.category, t.name as tireman
        from mismatches m
        join units u on u.id = m.unit_id
        left join users t on t.id = m.tireman_id
        where m.id = ${id}`),
    );
    if (!row) return null; // gone before we got to it
    return {
      kind: 'bkb',
      title: `BKB baru #${id}: ${row.plate_number}`,
      body: [row.category, row.tireman ? `dari ${row.tireman}` : null].filter(Boolean).join(' · '),
      link: '/mismatch',
      dedupeKey: `bkb:${id}`,
    };
  });
}
