-- An item as a list's answer shows it, written once per change of the item instead of on every read of its list
-- (a 100-item read spent most of its time writing JSON). IMMUTABLE is true of these argument types: their text
-- forms do not depend on settings (a double's is the shortest exact one while extra_float_digits stays at its
-- default, which Hearth never changes).
CREATE FUNCTION hearth_item_shown(
  id uuid, name text, quantity double precision, unit text, category text, recurrence text, is_purchased boolean,
  recurring_item_id uuid, added_from_recipe_id uuid
) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN json_build_array(id, name, quantity, unit, category, recurrence, is_purchased, recurring_item_id,
    added_from_recipe_id)::text;
END
$$;--> statement-breakpoint
ALTER TABLE "grocery_items" ADD COLUMN "shown_json" text GENERATED ALWAYS AS (hearth_item_shown("grocery_items"."id",
    "grocery_items"."name", "grocery_items"."quantity", "grocery_items"."unit", "grocery_items"."category",
    "grocery_items"."recurrence", "grocery_items"."is_purchased", "grocery_items"."recurring_item_id",
    "grocery_items"."added_from_recipe_id")) STORED NOT NULL;
