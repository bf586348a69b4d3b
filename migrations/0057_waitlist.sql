-- The waitlist (issue 42 item 2, decision 086): patients waiting in line for an earlier slot with a
-- doctor. Written to run again harmlessly (IF NOT EXISTS, constraints dropped before they are
-- added). The jobs, e-mail and notification CHECK lists are the whole of JOB_KINDS, EMAIL_KINDS
-- and NOTIFICATION_TYPES.
CREATE TABLE IF NOT EXISTS "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"doctor_id" uuid NOT NULL,
	"consultation_type" text NOT NULL,
	"before_date" text NOT NULL,
	"before_at" timestamp with time zone NOT NULL,
	"family_member_id" uuid,
	"visit_reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"offered_appointment_id" uuid,
	"offered_starts_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('active', 'offered', 'booked', 'lapsed', 'cancelled')),
	CONSTRAINT "waitlist_entries_consultation_type_check" CHECK ("waitlist_entries"."consultation_type" in ('video', 'voice', 'in-person'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT IF EXISTS "waitlist_entries_patient_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT IF EXISTS "waitlist_entries_doctor_id_doctors_id_fk";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT IF EXISTS "waitlist_entries_family_member_id_family_members_id_fk";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" DROP CONSTRAINT IF EXISTS "waitlist_entries_offered_appointment_id_appointments_id_fk";--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offered_appointment_id_appointments_id_fk" FOREIGN KEY ("offered_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("doctor_id","created_at") WHERE "waitlist_entries"."status" = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_entries_patient_idx" ON "waitlist_entries" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "waitlist_entries_offer_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
-- waitlist_entries.status moves only as waitlist/moves.ts allows (state_transitions, decision 071).
CREATE OR REPLACE TRIGGER "waitlist_entries_state_moves" BEFORE UPDATE ON "waitlist_entries" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT IF EXISTS "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('email', 'reminder', 'refund_retry', 'housekeeping', 'referral_release', 'consultation_end', 'message_unread', 'outcome_release', 'push', 'waitlist'));--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT IF EXISTS "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed', 'security_notice', 'refund_failed', 'message_unread', 'visit_outcome_marked', 'care_document_revoked', 'waitlist_offer'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_confirmation', 'appointment_booking', 'outbreak_alert', 'appointment_cancelled', 'doctor_verified', 'application_approved', 'application_rejected', 'payout_paid', 'payout_failed', 'appointment_rescheduled', 'reschedule_proposed', 'reschedule_declined', 'visit_summary_shared', 'message_unread', 'visit_outcome_marked', 'care_document_revoked', 'waitlist_offer'));
