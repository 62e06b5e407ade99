-- A list's items version: raised once by each statement that inserts, changes or deletes any of its items, in that
-- statement's own transaction (statement-level triggers, as the item count's). Two reads of a list that see the
-- same version see the same items: the version's row is locked by each raise until its transaction ends, so raises
-- follow commits. Writers lock the list before its items (the item services, and the meal and recurring-item
-- deletions that clear items' links), so raising it last cannot deadlock against them.
ALTER TABLE "grocery_lists" ADD COLUMN "items_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hearth_count_added_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grocery_lists l SET item_count = l.item_count + a.n, items_version = l.items_version + 1
  FROM (SELECT list_id, count(*)::int AS n FROM added_items GROUP BY list_id) a WHERE l.id = a.list_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hearth_count_removed_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grocery_lists l SET item_count = l.item_count - r.n, items_version = l.items_version + 1
  FROM (SELECT list_id, count(*)::int AS n FROM removed_items GROUP BY list_id) r WHERE l.id = r.list_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION hearth_version_changed_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grocery_lists l SET items_version = l.items_version + 1
  WHERE l.id IN (SELECT DISTINCT list_id FROM changed_items);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grocery_items_version_changed AFTER UPDATE ON "grocery_items"
  REFERENCING NEW TABLE AS changed_items FOR EACH STATEMENT EXECUTE FUNCTION hearth_version_changed_items();
