-- A user's access changed: a session revoked, a membership ended or moved, the account's family or status
-- changed. Every server process hears it on 'hearth_access' (on commit) and ends that user's live streams at once.
CREATE FUNCTION hearth_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('hearth_access', NEW.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('hearth_access', OLD.user_id::text); END IF;
  ELSE
    IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('hearth_access', OLD.user_id::text); END IF;
    IF NEW.user_id IS NOT NULL THEN PERFORM pg_notify('hearth_access', NEW.user_id::text); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_changed AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL) EXECUTE FUNCTION hearth_access_changed();
--> statement-breakpoint
CREATE TRIGGER family_members_access_changed AFTER DELETE OR UPDATE OF user_id, family_id, permission_level
  ON family_members FOR EACH ROW EXECUTE FUNCTION hearth_access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF family_id, status ON users
  FOR EACH ROW WHEN (NEW.family_id IS DISTINCT FROM OLD.family_id OR NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION hearth_access_changed();
