-- The settings row always exists, so readers never need a fallback.
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_created_idx" ON "doctors" ("created_at", "id");--> statement-breakpoint
-- Admin lists search people by name or e-mail with one substring match on this expression
-- (modules/admin/search.ts must spell it exactly the same); a trigram index serves it.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm unavailable (%): admin search runs without trigram indexes', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS "users_admin_search_trgm_idx" ON "users" USING gin ((lower("first_name" || '' '' || "last_name" || '' '' || "email")) gin_trgm_ops)';
  EXECUTE 'CREATE INDEX IF NOT EXISTS "doctor_applications_search_trgm_idx" ON "doctor_applications" USING gin ((lower("first_name" || '' '' || "last_name" || '' '' || "email")) gin_trgm_ops)';
END
$$;
