-- Doctor search (issue 3): every filter x sort combination has an index whose order is the sort,
-- so a page is an index range scan that stops after limit+1 rows. All are partial on the public
-- predicate the search always applies. The rating expression must match search-query.ts exactly.
CREATE INDEX IF NOT EXISTS "doctors_search_rating_idx" ON "doctors" (coalesce("average_rating", 0), "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_fee_idx" ON "doctors" ("consultation_fee", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_reviews_idx" ON "doctors" ("review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_rating_idx" ON "doctors" ("specialty", coalesce("average_rating", 0), "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_fee_idx" ON "doctors" ("specialty", "consultation_fee", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_reviews_idx" ON "doctors" ("specialty", "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_country_rating_idx" ON "doctors" ("country", coalesce("average_rating", 0), "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_country_fee_idx" ON "doctors" ("country", "consultation_fee", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_country_reviews_idx" ON "doctors" ("country", "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
-- Place text is matched with ILIKE '%text%': trigram indexes serve it on PostgreSQL. The embedded
-- PGlite only has pg_trgm when the extension is loaded; without it the search still works
-- (sequential scan, fine at demo sizes), so a missing extension is not an error here.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN others THEN
    RAISE NOTICE 'pg_trgm unavailable (%): place search runs without trigram indexes', SQLERRM;
    RETURN;
  END;
  EXECUTE 'CREATE INDEX IF NOT EXISTS "doctors_search_location_trgm_idx" ON "doctors" USING gin ("location" gin_trgm_ops) WHERE "is_verified" AND "is_active"';
  EXECUTE 'CREATE INDEX IF NOT EXISTS "doctors_search_country_trgm_idx" ON "doctors" USING gin ("country" gin_trgm_ops) WHERE "is_verified" AND "is_active"';
END
$$;
