-- Search replies show each doctor's next free slot, so a booking, a cancellation or a moved
-- appointment changes the directory as much as an edited profile does: it moves the same counter
-- the directory cache checks (0006). Row-level, so statements that change nothing (releasing a
-- hold that is not there) leave cached replies alone.
CREATE TRIGGER "appointments_directory_version_insert_delete" AFTER INSERT OR DELETE ON "appointments"
  FOR EACH ROW EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE TRIGGER "appointments_directory_version_update" AFTER UPDATE OF "status", "starts_at" ON "appointments"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."starts_at" IS DISTINCT FROM NEW."starts_at")
  EXECUTE FUNCTION bump_directory_version();
