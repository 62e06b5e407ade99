ALTER TABLE "calendar_events" ADD COLUMN "reaches_far" boolean GENERATED ALWAYS AS (recurring_pattern is not null or (
    make_date(substr(end_time, 1, 4)::int, substr(end_time, 6, 2)::int, substr(end_time, 9, 2)::int)
    - make_date(substr(start_time, 1, 4)::int, substr(start_time, 6, 2)::int, substr(start_time, 9, 2)::int)) > 62) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "calendar_events_far_idx" ON "calendar_events" USING btree ("family_id","start_time") WHERE reaches_far;