CREATE TABLE "ai_daily_usage" (
	"family_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "ai_daily_usage_family_id_day_pk" PRIMARY KEY("family_id","day")
);
--> statement-breakpoint
CREATE TABLE "ai_recent_suggestions" (
	"family_id" uuid PRIMARY KEY NOT NULL,
	"recipe_ids" text[] NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_daily_usage" ADD CONSTRAINT "ai_daily_usage_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_recent_suggestions" ADD CONSTRAINT "ai_recent_suggestions_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;