CREATE TABLE "meal_photos" (
	"meal_id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"version" text NOT NULL,
	"full" "bytea" NOT NULL,
	"card" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "photo_version" text;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "photo_width" integer;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "photo_height" integer;--> statement-breakpoint
ALTER TABLE "meal_photos" ADD CONSTRAINT "meal_photos_meal_id_meals_id_fk" FOREIGN KEY ("meal_id") REFERENCES "public"."meals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meal_photos" ADD CONSTRAINT "meal_photos_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meal_photos_family_idx" ON "meal_photos" USING btree ("family_id");