CREATE TABLE "meal_plan_item_meals" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"meals" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meal_plan_shopped" (
	"family_id" uuid NOT NULL,
	"week_start" text NOT NULL,
	"line_key" text NOT NULL,
	"quantity" double precision,
	"unit" text,
	CONSTRAINT "meal_plan_shopped_family_id_week_start_line_key_pk" PRIMARY KEY("family_id","week_start","line_key")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "servings" integer;--> statement-breakpoint
ALTER TABLE "meal_plan_item_meals" ADD CONSTRAINT "meal_plan_item_meals_item_id_grocery_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."grocery_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_item_meals" ADD CONSTRAINT "meal_plan_item_meals_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_plan_shopped" ADD CONSTRAINT "meal_plan_shopped_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_plan_item_meals_list_idx" ON "meal_plan_item_meals" USING btree ("list_id");