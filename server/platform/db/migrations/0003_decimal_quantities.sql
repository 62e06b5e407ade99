ALTER TABLE "grocery_items" ALTER COLUMN "quantity" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "recurring_items" ALTER COLUMN "quantity" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "meal_ingredients" ALTER COLUMN "quantity" SET DATA TYPE double precision;