-- A place filter is resolved to exact places (modules/doctors/service.ts), so like specialty and
-- country it gets one ordered index per sort; the first also lists the distinct places.
CREATE INDEX IF NOT EXISTS "doctors_search_place_rating_idx" ON "doctors" ("location", coalesce("average_rating", 0), "review_count", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_place_fee_idx" ON "doctors" ("location", "consultation_fee", "id") WHERE "is_verified" AND "is_active";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "doctors_search_place_reviews_idx" ON "doctors" ("location", "review_count", "id") WHERE "is_verified" AND "is_active";
