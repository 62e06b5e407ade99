ALTER TABLE "grocery_lists" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "grocery_lists" l SET "item_count" = (SELECT count(*) FROM "grocery_items" i WHERE i."list_id" = l."id");--> statement-breakpoint
-- Kept per statement, not per row: a batch of adds or a clearing of purchased items updates its list once.
-- Items never change lists, so inserts and deletes are all that move a count.
CREATE FUNCTION hearth_count_added_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grocery_lists l SET item_count = l.item_count + a.n
  FROM (SELECT list_id, count(*)::int AS n FROM added_items GROUP BY list_id) a WHERE l.id = a.list_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION hearth_count_removed_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grocery_lists l SET item_count = l.item_count - r.n
  FROM (SELECT list_id, count(*)::int AS n FROM removed_items GROUP BY list_id) r WHERE l.id = r.list_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grocery_items_count_added AFTER INSERT ON "grocery_items"
  REFERENCING NEW TABLE AS added_items FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_added_items();--> statement-breakpoint
CREATE TRIGGER grocery_items_count_removed AFTER DELETE ON "grocery_items"
  REFERENCING OLD TABLE AS removed_items FOR EACH STATEMENT EXECUTE FUNCTION hearth_count_removed_items();
