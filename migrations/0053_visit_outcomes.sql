-- Visit outcomes held for the patient's dispute window (decision 073). Written to run again
-- harmlessly (IF NOT EXISTS, constraints dropped before they are added) on a database migrated by
-- main. The CHECK lists are the whole of EMAIL_KINDS, NOTIFICATION_TYPES and JOB_KINDS, as 0045-0053 left them plus this release's kinds (0053's message_unread included).
CREATE TABLE IF NOT EXISTS "outcome_holds" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"dispute_reason" text,
	"disputed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution_note" text,
	CONSTRAINT "outcome_holds_status_check" CHECK ("outcome_holds"."status" in ('held', 'disputed', 'released', 'refunded')),
	CONSTRAINT "outcome_holds_outcome_check" CHECK ("outcome_holds"."outcome" in ('completed', 'no-show'))
);
--> statement-breakpoint
ALTER TABLE "outcome_holds" DROP CONSTRAINT IF EXISTS "outcome_holds_appointment_id_appointments_id_fk";--> statement-breakpoint
ALTER TABLE "outcome_holds" ADD CONSTRAINT "outcome_holds_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_holds" DROP CONSTRAINT IF EXISTS "outcome_holds_resolved_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "outcome_holds" ADD CONSTRAINT "outcome_holds_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outcome_holds_due_idx" ON "outcome_holds" USING btree ("release_at") WHERE "outcome_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outcome_holds_disputed_idx" ON "outcome_holds" USING btree ("disputed_at") WHERE "outcome_holds"."status" = 'disputed';--> statement-breakpoint
-- outcome_holds.status moves only as disputes/moves.ts allows (state_transitions, decision 071).
CREATE OR REPLACE TRIGGER "outcome_holds_state_moves" BEFORE UPDATE ON "outcome_holds" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION guard_state_transition('status');
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT IF EXISTS "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed', 'security_notice', 'refund_failed', 'message_unread', 'visit_outcome_marked'));--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_confirmation', 'appointment_booking', 'outbreak_alert', 'appointment_cancelled', 'doctor_verified', 'application_approved', 'application_rejected', 'payout_paid', 'payout_failed', 'appointment_rescheduled', 'reschedule_proposed', 'reschedule_declined', 'visit_summary_shared', 'message_unread', 'visit_outcome_marked'));--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT IF EXISTS "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('email', 'reminder', 'refund_retry', 'housekeeping', 'referral_release', 'consultation_end', 'message_unread', 'outcome_release'));
