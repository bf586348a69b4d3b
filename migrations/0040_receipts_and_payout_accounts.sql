CREATE TABLE "doctor_payout_accounts" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"country" text NOT NULL,
	"holder_name" text NOT NULL,
	"account_encrypted" text NOT NULL,
	"last4" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_payout_accounts_kind_check" CHECK ("doctor_payout_accounts"."kind" in ('iban', 'us_ach'))
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_last_check" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"payment_id" uuid,
	"report_purchase_id" uuid,
	"buyer_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"item" text NOT NULL,
	"amount" integer NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"tax_rate_percent" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipts_one_source_check" CHECK (("receipts"."payment_id" is null) <> ("receipts"."report_purchase_id" is null)),
	CONSTRAINT "receipts_amount_check" CHECK ("receipts"."amount" > 0 and "receipts"."tax_amount" >= 0 and "receipts"."tax_amount" <= "receipts"."amount")
);
--> statement-breakpoint
ALTER TABLE "doctor_payout_accounts" ADD CONSTRAINT "doctor_payout_accounts_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_report_purchase_id_report_purchases_id_fk" FOREIGN KEY ("report_purchase_id") REFERENCES "public"."report_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_key" ON "receipts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_year_sequence_key" ON "receipts" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_payment_key" ON "receipts" USING btree ("payment_id") WHERE "receipts"."payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_report_purchase_key" ON "receipts" USING btree ("report_purchase_id") WHERE "receipts"."report_purchase_id" is not null;--> statement-breakpoint
CREATE INDEX "receipts_buyer_idx" ON "receipts" USING btree ("buyer_id","issued_at");