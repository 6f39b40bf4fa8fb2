// The incremental wear fit (issue 41, item 1): a tire's wear line kept as running sums that each new
// reading updates in constant time, instead of refitting every reading of the tire's life.
//
// wear_fold_step(state, x, y) takes one reading (x = tire km / 1000, y = lowest groove mm) into the
// state; wear_fold(x, y order by ...) folds a whole life with the same step (the rebuild, the
// backtest). The state is a float8[]:
//   [1] readings seen  [2] n kept  [3] Σx  [4] Σy  [5] Σx²  [6] Σxy  [7] Σy²
//   [8] Σ|residual| of the kept readings, each against the line before it  [9] how many
//   [10], [11] x and y of the reading just refused (null when the last one was kept)
// The robust step: from the 5th reading on, a reading whose residual to the current line exceeds
// max(1.0 mm, 3 x 1.2533 x the mean absolute residual) is refused (1.2533 x the mean absolute
// deviation estimates the standard deviation of normal noise, as 1.4826 x the median does in the
// full fit). A second refusal in a row on the same side of the line is a real change (a cut, a
// faster wear), not a bad reading: both are then kept.
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

/** CREATE OR REPLACE of wear_fold_step and the wear_fold aggregate (idempotent), one statement each. */
export const WEAR_FOLD_SQL = [
  `create or replace function wear_fold_step(s float8[], x float8, y float8) returns float8[]
language plpgsql immutable as $$
declare
  n float8; sx float8; sy float8; sxx float8; sxy float8; syy float8; sabs float8; m float8;
  rx float8; ry float8; d float8; b float8; a float8; r float8; rr float8;
begin
  if x is null or y is null then return s; end if;
  if s is null then s := array[0, 0, 0, 0, 0, 0, 0, 0, 0, null, null]::float8[]; end if;
  n := s[2]; sx := s[3]; sy := s[4]; sxx := s[5]; sxy := s[6]; syy := s[7]; sabs := s[8]; m := s[9];
  rx := s[10]; ry := s[11];
  d := n * sxx - sx * sx;
  if n >= 2 and d > 0 then
    b := (n * sxy - sx * sy) / d;
    a := (sy - b * sx) / n;
    r := y - (a + b * x);
    if n >= 4 and abs(r) > greatest(1.0, 3 * 1.2533 * sabs / nullif(m, 0)) then
      if rx is null or sign(ry - (a + b * rx)) <> sign(r) then
        -- refused, and remembered in case the next one agrees with it
        return array[s[1] + 1, n, sx, sy, sxx, sxy, syy, sabs, m, x, y]::float8[];
      end if;
      -- the second in a row on the same side: the earlier one is kept first
      rr := ry - (a + b * rx);
      n := n + 1; sx := sx + rx; sy := sy + ry; sxx := sxx + rx * rx; sxy := sxy + rx * ry; syy := syy + ry * ry;
      sabs := sabs + abs(rr); m := m + 1;
    end if;
    sabs := sabs + abs(r); m := m + 1;
  end if;
  return array[s[1] + 1, n + 1, sx + x, sy + y, sxx + x * x, sxy + x * y, syy + y * y, sabs, m, null, null]::float8[];
end $$`,
  'create or replace aggregate wear_fold(float8, float8) (sfunc = wear_fold_step, stype = float8[])',
];

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
