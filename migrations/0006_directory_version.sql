-- A counter that moves whenever anything shown in the public doctor directory may have changed.
-- Search replies are cached per query and reused only while the counter is unchanged, so a cache
-- hit costs one primary-key read and every instance sees every write at once.
CREATE TABLE IF NOT EXISTS "directory_version" (
  "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "version" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "directory_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_directory_version() RETURNS trigger AS $$
BEGIN
  UPDATE "directory_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "doctors_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "doctors"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE TRIGGER "users_directory_version" AFTER UPDATE OF "first_name", "last_name", "profile_image_url", "is_active" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE TRIGGER "reviews_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();
