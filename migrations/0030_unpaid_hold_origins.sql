CREATE TABLE "booking_origins" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"email_identity" text NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_origins" ADD CONSTRAINT "booking_origins_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_origins_identity_idx" ON "booking_origins" USING btree ("email_identity","created_at");--> statement-breakpoint
CREATE INDEX "booking_origins_address_idx" ON "booking_origins" USING btree ("client_address","created_at");