// The incremental wear fit (issue 41, item 1): one step per reading gives the least-squares line of
// the readings it kept, refuses a lone bad reading wherever it is, and follows a real change.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/helpers';
import { type Database, pgArray, rowsOf } from '../../client';
import { FOLD, foldLine } from './incremental-fit';
import { robustFitCtes } from './wear';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

type Fit = { seen: number; n: number; b: number | null; a: number | null };

/** Folds the readings in order with wear_fold_step, one call per reading as a refresh would. */
async function stepByStep(readings: [number, number][]): Promise<Fit> {
  let state: number[] | null = null;
  for (const [x, y] of readings) {
    const previous: SQL | null = state ? pgArray(state) : null;
    const rows: { s: number[] }[] = rowsOf<{ s: number[] }>(
      await database.db.execute(
        sql`select wear_fold_step(${previous}::float8[], ${x}::float8, ${y}::float8) as s`,
      ),
    );
    state = rows[0]!.s;
  }
  return lineOf(state!);
}

async function lineOf(state: number[]): Promise<Fit> {
  const line = foldLine('x.s');
  const [row] = rowsOf<{ b: number | null; a: number | null }>(
    await database.db.execute(
      sql`select ${line.b} as b, ${line.a} as a from (select ${pgArray(state)}::float8[] as s) x`,
    ),
  );
  return { seen: state[FOLD.seen - 1]!, n: state[FOLD.n - 1]!, b: row!.b, a: row!.a };
}

/** The plain least-squares line of the readings (PostgreSQL's regr_*). */
async function leastSquares(readings: [number, number][]): Promise<{ b: number; a: number }> {
  const [ref] = rowsOf<{ b: number; a: number }>(
    await database.db.execute(sql`select regr_slope(y, x) as b, regr_intercept(y, x) as a
      from unnest(${pgArray(readings.map((r) => r[0]))}::float8[], ${pgArray(readings.map((r) => r[1]))}::float8[]) as r(x, y)`),
  );
  return ref!;
}

/** The full robust fit's line of one life's readings (robustFitCtes, as the backtest runs it). */
async function robustFit(readings: [number, number][]): Promise<{ n: number; b: number; a: number }> {
  const [ref] = rowsOf<{ n: number; b: number; a: number }>(
    await database.db.execute(sql`with cur as (
        select 1 as tire_id, o::int as check_id, x, y as groove
          from unnest(${pgArray(readings.map((r) => r[0]))}::float8[], ${pgArray(readings.map((r) => r[1]))}::float8[])
               with ordinality u(x, y, o)), ${robustFitCtes()}
      select n, b, a from rfit`),
  );
  return ref!;
}

/** y = 20 - 0.5 x at x = 0, 4, 8, ... */
const onLine = (count: number, from = 0): [number, number][] =>
  Array.from({ length: count }, (_, i) => [(from + i) * 4, 20 - 0.5 * (from + i) * 4]);

describe('wear_fold_step', () => {
  it('gives the least-squares line of clean readings, as regr_slope does', async () => {
    const noisy: [number, number][] = onLine(9).map(([x, y], i) => [
      x,
      y + [0.2, -0.1, 0, 0.3, -0.2, 0.1, -0.3, 0, 0.2][i]!,
    ]);
    const fit = await stepByStep(noisy);
    const ref = await leastSquares(noisy);
    expect(fit).toMatchObject({ seen: 9, n: 9 });
    expect(fit.b).toBeCloseTo(ref.b, 9);
    expect(fit.a).toBeCloseTo(ref.a, 9);
  });

  it('refuses a lone bad reading: the line stays the tire’s', async () => {
    const readings = onLine(8);
    readings.splice(6, 0, [22, 14]); // 5 mm above the line at 22 (thousand km)
    const fit = await stepByStep(readings);
    expect(fit).toMatchObject({ seen: 9, n: 8 });
    expect(fit.b).toBeCloseTo(-0.5, 9);
    expect(fit.a).toBeCloseTo(20, 9);
  });

  it('keeps two readings in a row below the line (a real loss of tread), and the line follows', async () => {
    const cut: [number, number][] = [
      [32, 2],
      [36, 0],
    ];
    const readings = [...onLine(8), ...cut];
    const fit = await stepByStep(readings);
    expect(fit).toMatchObject({ seen: 10, n: 10 });
    // the line of all ten readings: wear now faster than the 0.5 mm per 1,000 km before the cut
    const ref = await leastSquares(readings);
    expect(fit.b).toBeCloseTo(ref.b, 9);
    expect(fit.b!).toBeLessThan(-0.54);
  });

  it('refuses a bad reading among the first five: they are fitted as the full fit does', async () => {
    for (const bad of [0, 2, 4]) {
      const readings = onLine(9);
      readings[bad] = [readings[bad]![0], readings[bad]![1] - 5];
      const fit = await stepByStep(readings);
      expect(fit).toMatchObject({ seen: 9, n: 8 });
      expect(fit.b).toBeCloseTo(-0.5, 9);
      expect(fit.a).toBeCloseTo(20, 9);
    }
  });

  it('keeps what the full robust fit keeps in lives of up to five readings', async () => {
    const lives: [number, number][][] = [
      [
        [0, 20],
        [4, 12],
        [8, 16],
        [12, 14],
      ],
      [
        [0, 20],
        [4, 18],
        [8, 16],
        [12, 9],
      ],
      [
        [0, 15.4],
        [3, 14.8],
        [6, 9.2],
        [9, 13.6],
        [12, 13],
      ],
      [
        [0, 12],
        [2, 11.6],
        [5, 11.1],
        [7, 10.5],
        [9, 10.4],
      ],
      [
        [0, 8],
        [5, 8],
        [10, 8],
        [15, 8],
        [20, 2],
      ],
    ];
    for (const readings of lives) {
      const fit = await stepByStep(readings);
      const ref = await robustFit(readings);
      expect(fit.n).toBe(ref.n);
      expect(fit.b).toBeCloseTo(ref.b, 9);
      expect(fit.a).toBeCloseTo(ref.a, 9);
    }
  });

  it('wear_fold folds a life as the steps do', async () => {
    const readings = onLine(8);
    readings.splice(3, 0, [10, 25]);
    readings.splice(7, 0, [23, 1]);
    const [row] = rowsOf<{ s: number[] }>(
      await database.db.execute(
        sql`select wear_fold(${pgArray(readings.map((r) => r[0]))}::float8[], ${pgArray(readings.map((r) => r[1]))}::float8[]) as s`,
      ),
    );
    const folded = await lineOf(row!.s);
    expect(folded).toEqual(await stepByStep(readings));
    expect(folded).toMatchObject({ seen: 10, n: 8 });
  });
});
