-- Tires per status and whole millimetres of lowest groove (-1 unmeasured).
SELECT status, coalesce(floor(groove_lowest)::smallint, -1::smallint) AS groove, count(*) AS n
  FROM tires
 GROUP BY 1, 2
