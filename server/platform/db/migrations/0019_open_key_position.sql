-- The open-key index holds each name's unpurchased items by position: an add's lookup of the item it merges into
-- is one descent a name, answered in the index's order, and the planner takes it however stale its statistics are
-- (by (list, key) alone, a list grown since they were taken was read whole per batch instead).
DROP INDEX "grocery_items_open_key_idx";--> statement-breakpoint
CREATE INDEX "grocery_items_open_key_idx" ON "grocery_items" USING btree ("list_id","match_key","position") WHERE not "grocery_items"."is_purchased";