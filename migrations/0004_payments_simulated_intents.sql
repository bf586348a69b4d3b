CREATE TABLE "simulated_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" text DEFAULT '{}' NOT NULL,
	"idempotency_key" text,
	"last_error_code" text,
	"last_error_message" text,
	"card_last4" text,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulated_payment_intents_idempotency_key" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_appointment_key" ON "payments" USING btree ("appointment_id") WHERE "payments"."appointment_id" is not null;