CREATE TABLE IF NOT EXISTS "family_member_profiles" (
	"family_member_id" uuid PRIMARY KEY NOT NULL REFERENCES "family_members"("id") ON DELETE cascade,
	"gender" text NOT NULL,
	"phone_number" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text,
	"zip_code" text,
	"country" text NOT NULL,
	"emergency_contact_name" text NOT NULL,
	"emergency_contact_phone" text NOT NULL,
	"emergency_contact_relation" text NOT NULL,
	"medical_history" text,
	"current_medications" text,
	"allergies" text,
	"preferred_language" text DEFAULT 'English' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_member_profiles_gender_check" CHECK ("family_member_profiles"."gender" in ('male', 'female', 'other', 'prefer-not-to-say')),
	CONSTRAINT "family_member_profiles_relation_check" CHECK ("family_member_profiles"."emergency_contact_relation" in ('spouse', 'parent', 'child', 'sibling', 'friend', 'other')),
	CONSTRAINT "family_member_profiles_language_check" CHECK ("family_member_profiles"."preferred_language" in ('English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Mandarin', 'Arabic', 'Hindi'))
);--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN IF NOT EXISTS "taken_over_by" uuid REFERENCES "users"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "family_members" ADD COLUMN IF NOT EXISTS "taken_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN IF NOT EXISTS "family_member_id" uuid REFERENCES "family_members"("id") ON DELETE set null;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN IF NOT EXISTS "family_member_id" uuid REFERENCES "family_members"("id") ON DELETE cascade;--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT IF EXISTS "account_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify_email', 'reset_password', 'change_email', 'family_takeover'));--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT IF EXISTS "account_tokens_family_member_check";--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_family_member_check" CHECK (("account_tokens"."purpose" = 'family_takeover') = ("account_tokens"."family_member_id" is not null));
;--> statement-breakpoint
ALTER TABLE "email_messages" DROP CONSTRAINT IF EXISTS "email_messages_kind_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_kind_check" CHECK ("email_messages"."kind" in ('booking_confirmed', 'booking_new', 'booking_cancelled', 'booking_refunded', 'booking_rescheduled', 'reschedule_proposed', 'booking_cancelled_by_doctor', 'reminder_24h', 'reminder_1h', 'application_approved', 'application_rejected', 'campaign', 'visit_summary_shared', 'verify_email', 'password_reset', 'password_changed', 'email_change_verify', 'email_changed', 'security_notice', 'refund_failed', 'message_unread', 'visit_outcome_marked', 'care_document_revoked', 'waitlist_offer', 'family_takeover_invite', 'family_record_taken_over'));