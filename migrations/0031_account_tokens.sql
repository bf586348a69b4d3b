CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify_email', 'reset_password', 'change_email'))
);
--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_key" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed'));