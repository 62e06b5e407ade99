CREATE TABLE "grocery_category_orders" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"categories" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grocery_items" ADD COLUMN "match_key" text GENERATED ALWAYS AS (hearth_singular("grocery_items"."name") || '|' || hearth_singular("grocery_items"."unit")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "grocery_category_orders" ADD CONSTRAINT "grocery_category_orders_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grocery_items_open_key_idx" ON "grocery_items" USING btree ("list_id","match_key") WHERE not "grocery_items"."is_purchased";--> statement-breakpoint
CREATE INDEX "grocery_items_family_key_idx" ON "grocery_items" USING btree ("family_id","match_key");