CREATE TABLE "appointment_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "appointment_proposals_status_check" CHECK ("appointment_proposals"."status" in ('open', 'accepted', 'declined', 'superseded', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "platform_settings" DROP CONSTRAINT "platform_settings_email_events_check";--> statement-breakpoint
ALTER TABLE "platform_settings" ALTER COLUMN "email_events" SET DEFAULT array['user_registered', 'doctor_application_submitted', 'payment_succeeded', 'payment_refunded', 'payout_requested', 'payout_paid', 'doctor_profile_published', 'doctor_verified', 'appointment_cancelled', 'appointment_reminder', 'doctor_application_decided', 'appointment_rescheduled']::text[];--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_proposals" ADD CONSTRAINT "appointment_proposals_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_proposals_open_key" ON "appointment_proposals" USING btree ("appointment_id") WHERE "appointment_proposals"."status" = 'open';--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_confirmation', 'appointment_booking', 'outbreak_alert', 'appointment_cancelled', 'doctor_verified', 'application_approved', 'application_rejected', 'payout_paid', 'payout_failed', 'appointment_rescheduled', 'reschedule_proposed', 'reschedule_declined'));--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_email_events_check" CHECK ("platform_settings"."email_events" <@ array['user_registered', 'doctor_application_submitted', 'payment_succeeded', 'payment_refunded', 'payout_requested', 'payout_paid', 'doctor_profile_published', 'doctor_verified', 'appointment_cancelled', 'appointment_reminder', 'doctor_application_decided', 'appointment_rescheduled']::text[]);