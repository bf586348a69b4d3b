CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"audience" text NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_audience_check" CHECK ("campaigns"."audience" in ('patients', 'doctors', 'all'))
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"platform_fee_percent" integer DEFAULT 15 NOT NULL,
	"min_consultation_fee" integer DEFAULT 5000 NOT NULL,
	"max_consultation_fee" integer DEFAULT 50000 NOT NULL,
	"auto_verify_threshold" integer,
	"email_events" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1),
	CONSTRAINT "platform_settings_fee_check" CHECK ("platform_settings"."platform_fee_percent" between 0 and 100),
	CONSTRAINT "platform_settings_bounds_check" CHECK ("platform_settings"."min_consultation_fee" > 0 and "platform_settings"."min_consultation_fee" <= "platform_settings"."max_consultation_fee"),
	CONSTRAINT "platform_settings_auto_verify_check" CHECK ("platform_settings"."auto_verify_threshold" is null or "platform_settings"."auto_verify_threshold" between 0 and 100),
	CONSTRAINT "platform_settings_email_events_check" CHECK ("platform_settings"."email_events" <@ array['user_registered', 'doctor_application_submitted', 'payment_succeeded', 'payment_refunded', 'payout_requested', 'payout_paid', 'doctor_profile_published', 'doctor_verified']::text[])
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "doctor_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doctor_applications" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "doctor_applications" ADD CONSTRAINT "doctor_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_confirmation', 'appointment_booking', 'outbreak_alert', 'appointment_cancelled', 'doctor_verified', 'application_approved', 'application_rejected', 'payout_paid', 'payout_failed'));