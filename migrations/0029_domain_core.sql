CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_key" text NOT NULL,
	"account" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "referrals" DROP CONSTRAINT "referrals_status_check";--> statement-breakpoint
ALTER TABLE "wallet_entries" DROP CONSTRAINT "wallet_entries_reason_check";--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "referred_identity" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "qualifying_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "memo" text;--> statement-breakpoint
-- One reward per person: the folded address, hashed so that a deleted account's row keeps it without the address. Where two existing referrals fold to one person, the older keeps it.
UPDATE "referrals" SET "referred_identity" = f."identity" FROM (
  SELECT DISTINCT ON ("identity") "id", "identity" FROM (
    SELECT "id", "created_at", encode(sha256(convert_to(regexp_replace(lower("referred_email"), '\+[^@]*@', '@'), 'UTF8')), 'hex') AS "identity" FROM "referrals"
  ) AS x ORDER BY "identity", "created_at", "id"
) AS f WHERE "referrals"."id" = f."id";--> statement-breakpoint
-- Wallet balances from before the ledger enter it as opening balances, so every wallet account agrees with its balance.
INSERT INTO "ledger_entries" ("transfer_key", "account", "amount", "kind")
  SELECT 'opening:' || "id", 'patient_wallet:' || "id", "wallet_balance", 'opening_balance' FROM "users" WHERE "wallet_balance" > 0
  UNION ALL
  SELECT 'opening:' || "id", 'opening_balances', -"wallet_balance", 'opening_balance' FROM "users" WHERE "wallet_balance" > 0;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_transfer_account_key" ON "ledger_entries" USING btree ("transfer_key","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_qualifying_payment_id_payments_id_fk" FOREIGN KEY ("qualifying_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_identity_key" ON "referrals" USING btree ("referred_identity");--> statement-breakpoint
CREATE INDEX "referrals_qualifying_payment_idx" ON "referrals" USING btree ("qualifying_payment_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('email', 'reminder', 'refund_retry', 'housekeeping', 'referral_release'));--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'completed', 'held', 'rewarded', 'reversed'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_reason_check" CHECK ("wallet_entries"."reason" in ('referral_reward', 'payment', 'payment_refund', 'goodwill_credit', 'referral_reversal'));