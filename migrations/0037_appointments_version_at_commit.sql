-- A booking, payment or cancellation moved the directory's counter (0024) the moment its
-- appointment row changed, so it held the one directory_version row lock from the middle of its
-- transaction to the end. A transaction that then waited for a lock another one held (a wallet, a
-- payment) while that one waited for the counter deadlocked: the 30-minute soak found it as a 500
-- on a wallet payment. Deferred to commit, the counter is the last lock a transaction takes, and
-- it is held for the shortest time.
DROP TRIGGER IF EXISTS "appointments_directory_version_insert_delete" ON "appointments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "appointments_directory_version_update" ON "appointments";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointments_directory_version_insert_delete" AFTER INSERT OR DELETE ON "appointments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointments_directory_version_update" AFTER UPDATE OF "status", "starts_at" ON "appointments"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."starts_at" IS DISTINCT FROM NEW."starts_at")
  EXECUTE FUNCTION bump_directory_version();
