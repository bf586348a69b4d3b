CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referred_email" text NOT NULL,
	"referral_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"referred_user_id" uuid,
	"reward_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"rewarded_at" timestamp with time zone,
	CONSTRAINT "referrals_type_check" CHECK ("referrals"."referral_type" in ('patient', 'doctor')),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'completed', 'rewarded')),
	CONSTRAINT "referrals_reward_check" CHECK ("referrals"."reward_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referrals_referred_user_idx" ON "referrals" USING btree ("referred_user_id");