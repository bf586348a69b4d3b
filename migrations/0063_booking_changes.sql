-- Issue 39: every search shows each doctor's next free slot, so a booking, payment, cancellation
-- or move moved the directory's bookings counter (0024, 0037), and the next search on every
-- instance then read every booking that holds a slot in the next 16 days and judged every doctor
-- again. Under the soak's mix the counter moves about 30 times a second, so nearly every search
-- waited for that read. Now the counter's trigger also logs the appointment's doctor, and an
-- instance re-reads only the bookings of the doctors logged since it last looked (directory-search.ts);
-- the whole read is left for the next clock minute. Versions are drawn after the counter's row
-- lock is taken, and it is held to commit, so they are drawn in commit order, as in 0035.
CREATE SEQUENCE IF NOT EXISTS "booking_changes_version_seq";--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "booking_changes" (
  "version" bigint PRIMARY KEY DEFAULT nextval('booking_changes_version_seq'),
  "doctor_id" uuid NOT NULL,
  "changed_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
ALTER SEQUENCE "booking_changes_version_seq" OWNED BY "booking_changes"."version";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "booking_changes_changed_at_idx" ON "booking_changes" ("changed_at");--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_directory_version() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'appointments' THEN
    UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
    -- A visit never changes doctor (a move is a new time, not a new doctor): one row per bump.
    IF TG_OP = 'DELETE' THEN
      INSERT INTO "booking_changes" ("doctor_id") VALUES (OLD."doctor_id");
    ELSE
      INSERT INTO "booking_changes" ("doctor_id") VALUES (NEW."doctor_id");
    END IF;
  ELSE
    UPDATE "directory_version" SET "version" = "version" + 1, "doctors_version" = "doctors_version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
-- hand-written: end
