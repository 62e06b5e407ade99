-- Event reminders (issue 50): an event's reminder, the family default, each event's next reminder and the reminders
-- sent. Triggers keep calendar_reminders true to its event: a change to an event's times, recurrence or reminder,
-- to a series' skipped dates or to the family's timezone marks the row stale, and the reminder job works it out again.
CREATE TABLE "calendar_reminders" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"fire_at" timestamp with time zone,
	"occurrence_start" text
);
--> statement-breakpoint
CREATE TABLE "calendar_reminders_sent" (
	"event_id" uuid NOT NULL,
	"occurrence_start" text NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_reminders_sent_event_id_occurrence_start_user_id_pk" PRIMARY KEY("event_id","occurrence_start","user_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "reminder_minutes" integer;--> statement-breakpoint
ALTER TABLE "families" ADD COLUMN "default_reminder_minutes" integer;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders" ADD CONSTRAINT "calendar_reminders_family_id_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders_sent" ADD CONSTRAINT "calendar_reminders_sent_event_id_calendar_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."calendar_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reminders_sent" ADD CONSTRAINT "calendar_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_reminders_due_idx" ON "calendar_reminders" USING btree ("fire_at") WHERE fire_at is not null;--> statement-breakpoint
CREATE INDEX "calendar_reminders_stale_idx" ON "calendar_reminders" USING btree ("event_id") WHERE stale;--> statement-breakpoint
CREATE INDEX "calendar_reminders_family_idx" ON "calendar_reminders" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "calendar_reminders_sent_at_idx" ON "calendar_reminders_sent" USING btree ("sent_at");--> statement-breakpoint
CREATE FUNCTION hearth_reminder_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reminder_minutes IS NULL THEN
    DELETE FROM calendar_reminders WHERE event_id = NEW.id;
  ELSE
    INSERT INTO calendar_reminders (event_id, family_id, stale) VALUES (NEW.id, NEW.family_id, true)
    ON CONFLICT (event_id) DO UPDATE SET stale = true, fire_at = NULL, occurrence_start = NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION hearth_reminder_exceptions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_reminders SET stale = true, fire_at = NULL, occurrence_start = NULL
  WHERE event_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.event_id ELSE NEW.event_id END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION hearth_reminder_timezone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_reminders SET stale = true, fire_at = NULL, occurrence_start = NULL WHERE family_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER calendar_events_reminder_added AFTER INSERT ON "calendar_events"
  FOR EACH ROW WHEN (NEW.reminder_minutes IS NOT NULL) EXECUTE FUNCTION hearth_reminder_event_changed();--> statement-breakpoint
CREATE TRIGGER calendar_events_reminder_changed
  AFTER UPDATE OF start_time, end_time, all_day, recurring_pattern, recurring_end_date, reminder_minutes ON "calendar_events"
  FOR EACH ROW EXECUTE FUNCTION hearth_reminder_event_changed();--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_reminder AFTER INSERT OR DELETE ON "calendar_event_exceptions"
  FOR EACH ROW EXECUTE FUNCTION hearth_reminder_exceptions_changed();--> statement-breakpoint
CREATE TRIGGER families_reminder_timezone AFTER UPDATE OF timezone ON "families"
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION hearth_reminder_timezone_changed();
