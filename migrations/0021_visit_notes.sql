CREATE TABLE "visit_notes" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"private_notes" text DEFAULT '' NOT NULL,
	"diagnosis" text DEFAULT '' NOT NULL,
	"advice" text DEFAULT '' NOT NULL,
	"follow_up_days" smallint,
	"shared_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_notes_follow_up_days_check" CHECK ("visit_notes"."follow_up_days" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "visit_notes" ADD CONSTRAINT "visit_notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;