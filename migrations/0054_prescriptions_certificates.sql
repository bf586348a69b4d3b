-- Prescriptions, sick notes and referral letters a doctor issues after a visit has started (issue 41
-- item 3, decision 082). `content` is the signed canonical content; `signature` is Ed25519 over it
-- by the key `key_id`. A document is never edited: it is revoked (with a reason) and, if need be,
-- issued again. Written to run again harmlessly (IF NOT EXISTS, constraints dropped first).
CREATE TABLE IF NOT EXISTS "care_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"content" jsonb NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	CONSTRAINT "care_documents_kind_check" CHECK ("care_documents"."kind" in ('prescription', 'sick_note', 'referral')),
	CONSTRAINT "care_documents_revoked_check" CHECK (("care_documents"."revoked_at" is null) = ("care_documents"."revoke_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "care_documents" DROP CONSTRAINT IF EXISTS "care_documents_appointment_id_appointments_id_fk";--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_documents" DROP CONSTRAINT IF EXISTS "care_documents_patient_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_documents" DROP CONSTRAINT IF EXISTS "care_documents_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "care_documents" ADD CONSTRAINT "care_documents_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "care_documents_code_key" ON "care_documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "care_documents_appointment_idx" ON "care_documents" USING btree ("appointment_id","issued_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "care_documents_patient_idx" ON "care_documents" USING btree ("patient_id","issued_at");--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT IF EXISTS "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed', 'security_notice', 'refund_failed', 'message_unread', 'visit_outcome_marked', 'care_document_revoked'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_confirmation', 'appointment_booking', 'outbreak_alert', 'appointment_cancelled', 'doctor_verified', 'application_approved', 'application_rejected', 'payout_paid', 'payout_failed', 'appointment_rescheduled', 'reschedule_proposed', 'reschedule_declined', 'visit_summary_shared', 'message_unread', 'visit_outcome_marked', 'care_document_revoked'));
