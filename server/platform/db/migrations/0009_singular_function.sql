-- The singular, lower-case form of an item's name or unit (see schema/grocery.ts): one definition that the
-- generated match key and the queries comparing against it share.
CREATE FUNCTION hearth_singular(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s ~ 'ie$' THEN left(s, -2) || 'y' WHEN s ~ 'oe$' THEN left(s, -1) ELSE s END
  FROM (
    SELECT CASE
      WHEN x ~ '(ch|sh|x|z|ss|o)es$' THEN left(x, -2)
      WHEN x ~ 'ies$' THEN left(x, -3) || 'y'
      WHEN x ~ '[^su]s$' THEN left(x, -1)
      ELSE x
    END AS s
    FROM (SELECT lower(btrim(regexp_replace(coalesce(value, ''), '[[:space:]]+', ' ', 'g'))) AS x) AS cleaned
  ) AS stripped
$$;
