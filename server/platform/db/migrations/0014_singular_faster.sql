-- hearth_singular, same rules, in PL/pgSQL: the SQL version's subqueries kept it from being inlined, and each call
-- set up a query of its own (~20 us on the embedded engine; ~4 us now). Every item insert computes it twice for the
-- match key, and every add's lookup once per name and unit. Stored keys stay valid: the answers are the same.
CREATE OR REPLACE FUNCTION hearth_singular(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  x text := lower(btrim(regexp_replace(coalesce(value, ''), '[[:space:]]+', ' ', 'g')));
  s text;
BEGIN
  IF x ~ '(ch|sh|x|z|ss|o)es$' THEN s := left(x, -2);
  ELSIF x ~ 'ies$' THEN s := left(x, -3) || 'y';
  ELSIF x ~ '[^su]s$' THEN s := left(x, -1);
  ELSE s := x;
  END IF;
  IF s ~ 'ie$' THEN RETURN left(s, -2) || 'y';
  ELSIF s ~ 'oe$' THEN RETURN left(s, -1);
  END IF;
  RETURN s;
END
$$;
