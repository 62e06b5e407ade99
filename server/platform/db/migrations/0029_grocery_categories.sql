CREATE TABLE "grocery_categories" (
	"family_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grocery_categories_family_id_key_pk" PRIMARY KEY("family_id","key")
);
--> statement-breakpoint
CREATE TABLE "grocery_item_categories" (
	"family_id" uuid NOT NULL,
	"name_key" text NOT NULL,
	"category_key" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grocery_item_categories_family_id_name_key_pk" PRIMARY KEY("family_id","name_key")
);
--> statement-breakpoint
ALTER TABLE "grocery_categories" ADD CONSTRAINT "grocery_categories_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_item_categories" ADD CONSTRAINT "grocery_item_categories_category_fk" FOREIGN KEY ("family_id","category_key") REFERENCES "public"."grocery_categories"("family_id","key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The categories already on items, each as first written (the contract's categoryKey: spaces collapsed, trimmed, lower case).
INSERT INTO "grocery_categories" ("family_id", "key", "name", "created_at")
SELECT DISTINCT ON (family_id, lower(btrim(regexp_replace(category, '\s+', ' ', 'g'))))
  family_id, lower(btrim(regexp_replace(category, '\s+', ' ', 'g'))), btrim(category), created_at
FROM "grocery_items" WHERE btrim(coalesce(category, '')) <> ''
ORDER BY family_id, lower(btrim(regexp_replace(category, '\s+', ' ', 'g'))), created_at, id;--> statement-breakpoint
-- Where each name was last filed.
INSERT INTO "grocery_item_categories" ("family_id", "name_key", "category_key", "updated_at")
SELECT DISTINCT ON (family_id, hearth_singular(name))
  family_id, hearth_singular(name), lower(btrim(regexp_replace(category, '\s+', ' ', 'g'))), updated_at
FROM "grocery_items" WHERE btrim(coalesce(category, '')) <> ''
ORDER BY family_id, hearth_singular(name), updated_at DESC, id;
