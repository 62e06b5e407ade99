CREATE TABLE "family_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"family_id" uuid NOT NULL,
	"actor_id" uuid,
	"type" text NOT NULL,
	"subject_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "family_events" ADD CONSTRAINT "family_events_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_events" ADD CONSTRAINT "family_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_events_family_at_idx" ON "family_events" USING btree ("family_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "family_events_type_at_idx" ON "family_events" USING btree ("type","at");--> statement-breakpoint
-- Usage events recorded before family_events existed keep their spec names as event types.
INSERT INTO "family_events" ("family_id", "actor_id", "type", "data", "at")
  SELECT "family_id", "user_id", "kind", "payload", "at" FROM "usage_events" WHERE "family_id" IS NOT NULL;
