ALTER TABLE "doctors" ADD COLUMN "search_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "search_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "doctors_search_email_idx" ON "doctors" USING btree ("search_email" text_pattern_ops);--> statement-breakpoint
-- The copies follow the account: set when a doctor row is made or moved to another account, and
-- rewritten whenever the account's name or e-mail changes.
CREATE OR REPLACE FUNCTION doctors_fill_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.first_name || ' ' || u.last_name), u.email INTO NEW.search_name, NEW.search_email
  FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER doctors_fill_search BEFORE INSERT OR UPDATE OF user_id ON doctors
  FOR EACH ROW EXECUTE FUNCTION doctors_fill_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_copy_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE doctors SET search_name = lower(NEW.first_name || ' ' || NEW.last_name), search_email = NEW.email
  WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_copy_search AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_copy_search();--> statement-breakpoint
UPDATE doctors d SET search_name = lower(u.first_name || ' ' || u.last_name), search_email = u.email
  FROM users u WHERE u.id = d.user_id;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS "doctors_search_name_trgm_idx" ON "doctors" USING gin ("search_name" gin_trgm_ops)';
  END IF;
END
$$;
