-- A second counter beside the directory version (0006): it moves only when doctors, their users
-- or their reviews change, never on bookings. The in-memory search index (decision 030) holds
-- every public doctor's filter and sort keys and is rebuilt when this counter moves; a booking
-- moves only `version`, which still invalidates cached replies (0024). The triggers stay as they
-- are (no lock on the busy tables); their shared function tells bookings from the rest.
ALTER TABLE "directory_version" ADD COLUMN IF NOT EXISTS "doctors_version" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_directory_version() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'appointments' THEN
    UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
  ELSE
    UPDATE "directory_version" SET "version" = "version" + 1, "doctors_version" = "doctors_version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;
