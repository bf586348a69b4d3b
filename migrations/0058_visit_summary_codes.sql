ALTER TABLE "care_documents" ADD COLUMN IF NOT EXISTS "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "care_documents" DROP CONSTRAINT IF EXISTS "care_documents_kind_check";--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_kind_check" CHECK ("care_documents"."kind" in ('prescription', 'sick_note', 'referral', 'visit_summary'));--> statement-breakpoint
ALTER TABLE "care_documents" DROP CONSTRAINT IF EXISTS "care_documents_superseded_check";--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_superseded_check" CHECK ("care_documents"."superseded_at" is null or "care_documents"."kind" = 'visit_summary');--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "care_documents_current_summary_key" ON "care_documents" USING btree ("appointment_id") WHERE "care_documents"."kind" = 'visit_summary' and "care_documents"."superseded_at" is null;
