-- Specialty + country together is the landing page's commonest search ("Cardiology" in a country);
-- these serve it in sort order instead of filtering one of the two (issue 3).
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_country_rating_idx" ON "doctors" ("specialty", "country", coalesce("average_rating", 0), "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_country_fee_idx" ON "doctors" ("specialty", "country", "consultation_fee", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_specialty_country_reviews_idx" ON "doctors" ("specialty", "country", "review_count", "id") WHERE "is_verified" AND "is_active";
