-- tire-wear has no triggers. Refitting a tire's wear line from every reading of its current life
-- is too much for a validation's own transaction: the services queue the tires they change in
-- tire_wear_stale inside that transaction, and the wear refresher
-- (modules/tire-intelligence/wear-refresher.ts) updates them right after the commit, one fold step
-- per new reading where it can (the incremental fit below), a refit from the ledger where it cannot.
-- Its SQL is put together in wear.ts beside this file; registry.ts renders its rebuild.sql,
-- stored.sql and recount.sql from there. The fit's state is explained in incremental-fit.ts.

-- The first five readings of a life, fitted as the full robust fit does (wear_fold_step calls it).
CREATE OR REPLACE FUNCTION public.wear_fold_start(s double precision[])
 RETURNS double precision[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- The first five readings of a life (kept in s[12:21]) fitted as the full robust fit does: from 4
-- readings on, the one with the largest deleted residual is the candidate, the line through the
-- others gives each reading a residual, and those beyond max(1.0 mm, 3 x 1.4826 x the median
-- absolute residual of the others) are dropped. Returns the state with the kept readings' sums.
declare
  k int := s[1]::int; i int; w int; n float8; mx float8; sxc float8; b float8; a float8;
  h float8; dres float8; worst float8; cb float8; ca float8; med float8; lim float8;
  xs float8[]; ys float8[]; res float8[]; others float8[]; keep boolean[];
  px float8 := 0; py float8 := 0; pxx float8 := 0; pxy float8 := 0; pyy float8 := 0; q float8 := 0;
  nk float8 := 0; sabs float8 := 0; d float8;
begin
  for i in 1..k loop
    xs[i] := s[10 + 2 * i]; ys[i] := s[11 + 2 * i]; keep[i] := true;
  end loop;
  if k >= 4 then
    n := k; mx := 0; for i in 1..k loop mx := mx + xs[i]; end loop; mx := mx / n;
    sxc := 0; for i in 1..k loop sxc := sxc + (xs[i] - mx) ^ 2; end loop;
    if sxc > 0 then
      b := 0; a := 0;
      for i in 1..k loop b := b + (xs[i] - mx) * ys[i]; a := a + ys[i]; end loop;
      b := b / sxc; a := a / n - b * mx;
      w := null; worst := null;
      for i in 1..k loop
        h := 1 - (1 / n + (xs[i] - mx) ^ 2 / sxc);
        if h <> 0 then
          dres := abs((ys[i] - (a + b * xs[i])) / h);
          if worst is null or dres > worst then worst := dres; w := i; end if;
        end if;
      end loop;
      if w is not null then
        px := 0; py := 0; pxx := 0; pxy := 0;
        for i in 1..k loop
          if i <> w then px := px + xs[i]; py := py + ys[i]; pxx := pxx + xs[i] * xs[i]; pxy := pxy + xs[i] * ys[i]; end if;
        end loop;
        d := (n - 1) * pxx - px * px;
        if d <> 0 then
          cb := ((n - 1) * pxy - px * py) / d;
          ca := (py - cb * px) / (n - 1);
          for i in 1..k loop res[i] := abs(ys[i] - (ca + cb * xs[i])); end loop;
          others := array(select r from unnest(res) with ordinality u(r, o) where o <> w order by r);
          med := (others[(k - 1 + 1) / 2] + others[(k - 1 + 2) / 2]) / 2;
          lim := greatest(1.0, 3 * 1.4826 * med);
          for i in 1..k loop keep[i] := res[i] <= lim; end loop;
        end if;
      end if;
    end if;
  end if;
  px := 0; py := 0; pxx := 0; pxy := 0; pyy := 0;
  for i in 1..k loop
    if keep[i] then
      nk := nk + 1; px := px + xs[i]; py := py + ys[i]; pxx := pxx + xs[i] * xs[i];
      pxy := pxy + xs[i] * ys[i]; pyy := pyy + ys[i] * ys[i];
    end if;
  end loop;
  -- the mean absolute residual the later steps test against: the kept readings' to their own line
  d := nk * pxx - px * px;
  if nk >= 2 and d > 0 then
    b := (nk * pxy - px * py) / d; a := (py - b * px) / nk;
    for i in 1..k loop if keep[i] then sabs := sabs + abs(ys[i] - (a + b * xs[i])); q := q + 1; end if; end loop;
  end if;
  return array[k, nk, px, py, pxx, pxy, pyy, sabs, q, null, null]::float8[] || s[12:21];
end $function$;

-- One reading into a life's line: constant time, whatever the life's length.
CREATE OR REPLACE FUNCTION public.wear_fold_step(s double precision[], x double precision, y double precision)
 RETURNS double precision[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- One reading into a tire life's wear line (tire-wear/incremental-fit.ts says what s holds).
declare
  n float8; sx float8; sy float8; sxx float8; sxy float8; syy float8; sabs float8; m float8;
  rx float8; ry float8; d float8; b float8; a float8; r float8; rr float8; k int;
begin
  if x is null or y is null then return s; end if;
  if s is null then s := array_fill(null::float8, array[21]); s[1:9] := array[0, 0, 0, 0, 0, 0, 0, 0, 0]; end if;
  if s[1] < 5 then
    -- the first five are kept and fitted as the full fit does
    k := s[1]::int;
    s[12 + 2 * k] := x; s[13 + 2 * k] := y; s[1] := k + 1;
    return wear_fold_start(s);
  end if;
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
        return array[s[1] + 1, n, sx, sy, sxx, sxy, syy, sabs, m, x, y]::float8[] || s[12:21];
      end if;
      -- the second in a row on the same side: the earlier one is kept first
      rr := ry - (a + b * rx);
      n := n + 1; sx := sx + rx; sy := sy + ry; sxx := sxx + rx * rx; sxy := sxy + rx * ry; syy := syy + ry * ry;
      sabs := sabs + abs(rr); m := m + 1;
    end if;
    sabs := sabs + abs(r); m := m + 1;
  end if;
  return array[s[1] + 1, n + 1, sx + x, sy + y, sxx + x * x, sxy + x * y, syy + y * y, sabs, m, null, null]::float8[]
    || s[12:21];
end $function$;

-- A life's readings folded in order: the rebuild and the recount.
CREATE OR REPLACE FUNCTION public.wear_fold(xs double precision[], ys double precision[])
 RETURNS double precision[]
 LANGUAGE plpgsql
 IMMUTABLE
AS $function$
-- A whole life's readings (in order) folded step by step: the rebuild and the recount of a line
-- that the refresher keeps one step at a time.
declare
  s float8[]; i int;
begin
  for i in 1..coalesce(array_length(xs, 1), 0) loop s := wear_fold_step(s, xs[i], ys[i]); end loop;
  return s;
end $function$;
