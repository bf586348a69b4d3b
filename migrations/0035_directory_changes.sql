-- hand-written: begin
-- The directory's change feed (decision 042): one row per changed doctor, in commit order, so
-- every instance patches its in-memory search engine from the rows after the last one it applied
-- instead of rebuilding it. Triggers on doctors, their accounts, reviews, weekly schedules and time
-- off write it; a NOTIFY on
-- `directory_changes` wakes the instances at commit, and they also poll, so a lost notification
-- only delays a patch. Old rows are pruned by the instances (an instance that fell further behind
-- than the rows kept rebuilds).
CREATE SEQUENCE IF NOT EXISTS "directory_changes_version_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "directory_changes" (
  "version" bigint PRIMARY KEY DEFAULT nextval('directory_changes_version_seq'),
  "doctor_id" uuid NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
ALTER SEQUENCE "directory_changes_version_seq" OWNED BY "directory_changes"."version";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "directory_changes_changed_at_idx" ON "directory_changes" ("changed_at");--> statement-breakpoint
-- A reader that has applied every version up to N must never later see a smaller one commit. So
-- the version is drawn while holding the directory_version row lock (held to commit, and taken
-- by the statement-level triggers of 0006 anyway): writers draw versions in commit order.
CREATE OR REPLACE FUNCTION log_directory_change() RETURNS trigger AS $$
BEGIN
  PERFORM 1 FROM "directory_version" WHERE "id" = 1 FOR UPDATE;
  IF TG_TABLE_NAME = 'doctors' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO "directory_changes" ("doctor_id") VALUES (OLD."id");
    ELSE
      INSERT INTO "directory_changes" ("doctor_id") VALUES (NEW."id");
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    INSERT INTO "directory_changes" ("doctor_id") SELECT "id" FROM "doctors" WHERE "user_id" = NEW."id";
  ELSE
    -- reviews, and any table keyed by doctor_id that joins the feed later (schedules, time off)
    IF TG_OP <> 'INSERT' THEN
      INSERT INTO "directory_changes" ("doctor_id") VALUES (OLD."doctor_id");
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."doctor_id" IS DISTINCT FROM OLD."doctor_id") THEN
      INSERT INTO "directory_changes" ("doctor_id") VALUES (NEW."doctor_id");
    END IF;
  END IF;
  PERFORM pg_notify('directory_changes', '');
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "doctors_directory_changes" AFTER INSERT OR UPDATE OR DELETE ON "doctors"
  FOR EACH ROW EXECUTE FUNCTION log_directory_change();--> statement-breakpoint
CREATE TRIGGER "users_directory_changes" AFTER UPDATE OF "first_name", "last_name", "profile_image_url", "is_active" ON "users"
  FOR EACH ROW EXECUTE FUNCTION log_directory_change();--> statement-breakpoint
CREATE TRIGGER "reviews_directory_changes" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION log_directory_change();--> statement-breakpoint
-- A doctor's weekly hours and time off (0030) decide their next free slot.
CREATE TRIGGER "doctor_schedules_directory_changes" AFTER INSERT OR UPDATE OR DELETE ON "doctor_schedules"
  FOR EACH ROW EXECUTE FUNCTION log_directory_change();--> statement-breakpoint
CREATE TRIGGER "doctor_time_off_directory_changes" AFTER INSERT OR UPDATE OR DELETE ON "doctor_time_off"
  FOR EACH ROW EXECUTE FUNCTION log_directory_change();
-- hand-written: end
