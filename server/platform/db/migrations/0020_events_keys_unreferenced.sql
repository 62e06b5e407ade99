ALTER TABLE "family_events" DROP CONSTRAINT "family_events_family_id_families_id_fk";
--> statement-breakpoint
ALTER TABLE "family_events" DROP CONSTRAINT "family_events_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "family_events_family_at_idx";--> statement-breakpoint
DROP INDEX "family_events_type_at_idx";