import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatedPglite, requestClock } from './client';

// The gate is PGlite's alone: this file needs no server and runs the same in both projects.
describe('PGlite turn order', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(() => client.close());

  /** Four requests arriving one after another, each running three statements in a row. */
  async function fourRequests(db: PGlite) {
    const ran: string[] = [];
    const request = (name: string, arrivedAt: number) =>
      requestClock.run(arrivedAt, async () => {
        for (const step of [1, 2, 3]) {
          const { rows } = await db.query<{ s: string }>('select $1::text as s', [`${name}${step}`]);
          ran.push(rows[0]!.s);
        }
      });
    await Promise.all([request('A', 1), request('B', 2), request('C', 3), request('D', 4)]);
    return ran;
  }

  it('runs the statements of the oldest request first, so requests finish in arrival order', async () => {
    expect(await fourRequests(gatedPglite(client))).toEqual([
      ...['A1', 'A2', 'A3'],
      ...['B1', 'B2', 'B3'],
      ...['C1', 'C2', 'C3'],
      ...['D1', 'D2', 'D3'],
    ]);
    // PGlite alone interleaves them: each request's next statement queues behind the others'
    expect((await fourRequests(client)).slice(0, 4)).toEqual(['A1', 'B1', 'C1', 'D1']);
  });

  it('lets a transaction keep the turn until it ends, even over an older request', async () => {
    const db = gatedPglite(client);
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query('select 1');
      await new Promise((r) => setTimeout(r, 30));
      await t.query('select 2');
      order.push('transaction');
    });
    await new Promise((r) => setTimeout(r, 5));
    const older = requestClock.run(0, async () => {
      await db.query('select 3');
      order.push('older request');
    });
    await Promise.all([tx, older]);
    expect(order).toEqual(['transaction', 'older request']);
  });
});
