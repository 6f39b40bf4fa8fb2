// The incremental wear fit (issue 41, item 1): a tire's wear line kept as running sums that each new
// reading updates in constant time, instead of refitting every reading of the tire's life.
//
// wear_fold_step(state, x, y) takes one reading (x = tire km / 1000, y = lowest groove mm) into the
// state; wear_fold(x, y order by ...) folds a whole life with the same step (the rebuild, the
// recount, the backtest). Both are defined by the migrations (tire-wear/triggers.sql). The state is
// a float8[]:
//   [1] readings seen  [2] n kept  [3] Σx  [4] Σy  [5] Σx²  [6] Σxy  [7] Σy²
//   [8] Σ|residual| of the kept readings, each against the line before it  [9] how many
//   [10], [11] x and y of the reading just refused (null when the last one was kept)
//   [12..21] the life's first five readings (x, y)
// The first five readings are fitted as the full robust fit does (wear_fold_start: the reading with
// the largest deleted residual is the candidate, readings too far from the line through the others
// are dropped), so a bad first reading is refused too. From the 6th on, a reading whose residual to
// the current line exceeds max(1.0 mm, 3 x 1.2533 x the mean absolute residual) is refused (1.2533 x
// the mean absolute deviation estimates the standard deviation of normal noise, as 1.4826 x the
// median does in the full fit). A second refusal in a row on the same side of the line is a real
// change (a cut, a faster wear), not a bad reading: both are then kept.
import { sql } from 'drizzle-orm';

/** The state's fields, 1-based as in SQL. */
export const FOLD = {
  seen: 1,
  n: 2,
  sx: 3,
  sy: 4,
  sxx: 5,
  sxy: 6,
  syy: 7,
  sabs: 8,
  m: 9,
  rx: 10,
  ry: 11,
} as const;

/**
 * The line of a fold state `s` (an SQL expression): slope b and intercept a (mm per 1,000 km, mm),
 * null below 2 kept readings or when they share one km.
 */
export const foldLine = (s: string) => {
  const n = `${s}[${FOLD.n}]`;
  const d = `(${n} * ${s}[${FOLD.sxx}] - ${s}[${FOLD.sx}] ^ 2)`;
  const b = `((${n} * ${s}[${FOLD.sxy}] - ${s}[${FOLD.sx}] * ${s}[${FOLD.sy}]) / nullif(${d}, 0))`;
  return {
    b: sql.raw(`case when ${n} >= 2 then ${b} end`),
    a: sql.raw(`case when ${n} >= 2 then (${s}[${FOLD.sy}] - ${b} * ${s}[${FOLD.sx}]) / ${n} end`),
  };
};

/**
 * The standard error of a fold state's slope (n >= 3), from its centered sums; 0 for readings on
 * an exact line, whose residual sum is only rounding.
 */
export const foldSlopeSe = (s: string) => {
  const n = `${s}[${FOLD.n}]`;
  const sxx = `(${s}[${FOLD.sxx}] - ${s}[${FOLD.sx}] ^ 2 / ${n})`;
  const syy = `(${s}[${FOLD.syy}] - ${s}[${FOLD.sy}] ^ 2 / ${n})`;
  const sxy = `(${s}[${FOLD.sxy}] - ${s}[${FOLD.sx}] * ${s}[${FOLD.sy}] / ${n})`;
  const rss = `(${syy} - ${sxy} ^ 2 / ${sxx})`;
  return sql.raw(
    `case when ${n} >= 3 and ${sxx} > 0 then sqrt(case when ${rss} > 1e-9 * ${syy} then ${rss} else 0 end / (${n} - 2) / ${sxx}) end`,
  );
};
