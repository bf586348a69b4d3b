CREATE TABLE "consultation_prechecks" (
	"consultation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"camera" text NOT NULL,
	"microphone" text NOT NULL,
	"network" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consultation_prechecks_consultation_id_user_id_pk" PRIMARY KEY("consultation_id","user_id"),
	CONSTRAINT "consultation_prechecks_role_check" CHECK ("consultation_prechecks"."role" in ('doctor', 'patient')),
	CONSTRAINT "consultation_prechecks_camera_check" CHECK ("consultation_prechecks"."camera" in ('ok', 'blocked', 'missing', 'skipped')),
	CONSTRAINT "consultation_prechecks_microphone_check" CHECK ("consultation_prechecks"."microphone" in ('ok', 'blocked', 'missing', 'skipped')),
	CONSTRAINT "consultation_prechecks_network_check" CHECK ("consultation_prechecks"."network" in ('direct', 'relay', 'none', 'untested'))
);
--> statement-breakpoint
ALTER TABLE "consultation_prechecks" ADD CONSTRAINT "consultation_prechecks_consultation_id_consultations_appointment_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("appointment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_prechecks" ADD CONSTRAINT "consultation_prechecks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;