-- References back on family events and idempotency keys (dropped in 0020). Rows of a family or user no longer there
-- (none is deleted by the app, but a hand-made deletion could have left some) go first, or the constraints would
-- refuse the data: events of a missing family and keys of a missing user are deleted, a missing actor is forgotten.
DELETE FROM "family_events" e WHERE NOT EXISTS (SELECT 1 FROM "families" f WHERE f."id" = e."family_id");--> statement-breakpoint
UPDATE "family_events" e SET "actor_id" = NULL
  WHERE e."actor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = e."actor_id");--> statement-breakpoint
DELETE FROM "idempotency_keys" k WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = k."user_id");--> statement-breakpoint
ALTER TABLE "family_events" ADD CONSTRAINT "family_events_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_events" ADD CONSTRAINT "family_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;