CREATE TABLE "meal_tag_links" (
	"meal_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "meal_tag_links_meal_id_tag_id_pk" PRIMARY KEY("meal_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "meal_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meal_tag_links" ADD CONSTRAINT "meal_tag_links_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_tag_links" ADD CONSTRAINT "meal_tag_links_tag_id_meal_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."meal_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_tags" ADD CONSTRAINT "meal_tags_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_tag_links_tag_idx" ON "meal_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "meal_tags_family_name_idx" ON "meal_tags" USING btree ("family_id",lower("name"));--> statement-breakpoint
-- Meals saved before search: their text, lower case, common Latin accents taken off as the server does for new ones.
UPDATE "meals" SET "search_text" = translate(lower("name" || ' ' || coalesce((SELECT string_agg(i."name", ' ' ORDER BY i."position") FROM "meal_ingredients" i WHERE i."meal_id" = "meals"."id"), '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçœæ', 'aaaaaaeeeeiiiiooooouuuuncoa');
