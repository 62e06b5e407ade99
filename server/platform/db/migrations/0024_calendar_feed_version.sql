-- A family's feed version: raised once by each statement that inserts, changes or deletes any of its events or
-- their skipped dates, in that statement's own transaction (statement-level triggers, as a list's items version).
-- Two reads that see the same version see the same events: the feed row is locked by each raise until its
-- transaction ends, so raises follow commits. Writers raise it last (after their family or event locks).
ALTER TABLE "calendar_feeds" ADD COLUMN "events_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION hearth_feed_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_feeds f SET events_version = f.events_version + 1
  WHERE f.family_id IN (SELECT DISTINCT family_id FROM changed_events);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION hearth_feed_exceptions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE calendar_feeds f SET events_version = f.events_version + 1
  WHERE f.family_id IN (SELECT DISTINCT e.family_id FROM calendar_events e JOIN changed_exceptions x ON x.event_id = e.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER calendar_events_added AFTER INSERT ON "calendar_events"
  REFERENCING NEW TABLE AS changed_events FOR EACH STATEMENT EXECUTE FUNCTION hearth_feed_events_changed();--> statement-breakpoint
CREATE TRIGGER calendar_events_changed AFTER UPDATE ON "calendar_events"
  REFERENCING NEW TABLE AS changed_events FOR EACH STATEMENT EXECUTE FUNCTION hearth_feed_events_changed();--> statement-breakpoint
CREATE TRIGGER calendar_events_removed AFTER DELETE ON "calendar_events"
  REFERENCING OLD TABLE AS changed_events FOR EACH STATEMENT EXECUTE FUNCTION hearth_feed_events_changed();--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_added AFTER INSERT ON "calendar_event_exceptions"
  REFERENCING NEW TABLE AS changed_exceptions FOR EACH STATEMENT EXECUTE FUNCTION hearth_feed_exceptions_changed();--> statement-breakpoint
CREATE TRIGGER calendar_event_exceptions_removed AFTER DELETE ON "calendar_event_exceptions"
  REFERENCING OLD TABLE AS changed_exceptions FOR EACH STATEMENT EXECUTE FUNCTION hearth_feed_exceptions_changed();
