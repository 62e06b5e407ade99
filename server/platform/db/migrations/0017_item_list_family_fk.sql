-- An item refers to its list and that list's family as one pair, instead of to each on its own: an item can only be
-- in a list of its own family, and each inserted item costs one reference check instead of two (on the embedded
-- engine ~15 % of an add batch's write). The unique (family_id, id) also serves what the family's index did.
-- Items always took their list's family; any that did not are given it, so the new reference holds.
UPDATE "grocery_items" i SET "family_id" = l."family_id" FROM "grocery_lists" l
  WHERE l."id" = i."list_id" AND i."family_id" <> l."family_id";--> statement-breakpoint
ALTER TABLE "grocery_lists" ADD CONSTRAINT "grocery_lists_family_id_key" UNIQUE("family_id","id");--> statement-breakpoint
DROP INDEX "grocery_lists_family_idx";--> statement-breakpoint
ALTER TABLE "grocery_items" DROP CONSTRAINT "grocery_items_family_id_families_id_fk";--> statement-breakpoint
ALTER TABLE "grocery_items" DROP CONSTRAINT "grocery_items_list_id_grocery_lists_id_fk";--> statement-breakpoint
ALTER TABLE "grocery_items" ADD CONSTRAINT "grocery_items_list_family_fk" FOREIGN KEY ("list_id","family_id") REFERENCES "public"."grocery_lists"("id","family_id") ON DELETE cascade ON UPDATE no action;
