CREATE TABLE "patient_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" text NOT NULL,
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
	"agreed_to_terms_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patient_profiles_gender_check" CHECK ("patient_profiles"."gender" in ('male', 'female', 'other', 'prefer-not-to-say')),
	CONSTRAINT "patient_profiles_relation_check" CHECK ("patient_profiles"."emergency_contact_relation" in ('spouse', 'parent', 'child', 'sibling', 'friend', 'other')),
	CONSTRAINT "patient_profiles_language_check" CHECK ("patient_profiles"."preferred_language" in ('English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Mandarin', 'Arabic', 'Hindi'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"referral_id" uuid,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_reason_check" CHECK ("wallet_entries"."reason" in ('referral_reward', 'payment', 'payment_refund')),
	CONSTRAINT "wallet_entries_balance_check" CHECK ("wallet_entries"."balance_after" >= 0),
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "wallet_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_email_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_profiles" ADD CONSTRAINT "patient_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_referral_key" ON "wallet_entries" USING btree ("reason","referral_id") WHERE "wallet_entries"."referral_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_payment_key" ON "wallet_entries" USING btree ("reason","payment_id") WHERE "wallet_entries"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_email_key" ON "referrals" USING btree ("referred_email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_referral_code_key" ON "users" USING btree ("referral_code");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wallet_amount_check" CHECK ("payments"."wallet_amount" between 0 and "payments"."amount");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_balance_check" CHECK ("users"."wallet_balance" >= 0);