-- The settings row always exists, so readers never need a fallback.
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_created_idx" ON "doctors" ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" ("last_name", "first_name", "id");--> statement-breakpoint
-- Admin lists match an e-mail by its start (modules/admin/search.ts).
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" ("email" text_pattern_ops);--> statement-breakpoint
-- ... and a name by a substring of this expression (search.ts must spell it exactly the same),
-- which a trigram index serves.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm unavailable (%): admin search runs without trigram indexes', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS "users_admin_name_trgm_idx" ON "users" USING gin ((lower("first_name" || '' '' || "last_name")) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS "doctor_applications_search_trgm_idx" ON "doctor_applications" USING gin ((lower("first_name" || '' '' || "last_name" || '' '' || "email")) gin_trgm_ops)';
END
$$;
