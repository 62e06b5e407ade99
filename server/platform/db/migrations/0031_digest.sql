-- The morning email digest (issue 50): on or off per member, the family-local day last claimed (one a day across
-- processes), when (what came since is told), and the unsubscribe link's random key.
ALTER TABLE "notification_preferences" ADD COLUMN "digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_on" date;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "digest_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_preferences_digest_token_key" ON "notification_preferences" USING btree ("digest_token");