ALTER TABLE "meals" ADD COLUMN "servings" integer;--> statement-breakpoint
ALTER TABLE "meals" ADD COLUMN "source_url" text;