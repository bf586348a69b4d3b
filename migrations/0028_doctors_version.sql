-- A second counter beside the directory version (0006): it moves only when doctors, their users
-- or their reviews change, never on bookings. The in-memory search index (decision 030) holds
-- every public doctor's filter and sort keys and is rebuilt when this counter moves; a booking
-- moves only `version`, which still invalidates cached replies (0024).
ALTER TABLE "directory_version" ADD COLUMN IF NOT EXISTS "doctors_version" bigint NOT NULL DEFAULT 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_directory_doctors_version() RETURNS trigger AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1, "doctors_version" = "doctors_version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
DROP TRIGGER IF EXISTS "doctors_directory_version" ON "doctors";--> statement-breakpoint
CREATE TRIGGER "doctors_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_doctors_version();--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_directory_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_directory_version" AFTER UPDATE OF "first_name", "last_name", "profile_image_url", "is_active" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_doctors_version();--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_directory_version" ON "reviews";--> statement-breakpoint
CREATE TRIGGER "reviews_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_doctors_version();
