CREATE TABLE "consultation_presence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consultation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "consultation_presence_role_check" CHECK ("consultation_presence"."role" in ('doctor', 'patient')),
	CONSTRAINT "consultation_presence_interval_check" CHECK ("consultation_presence"."left_at" is null or "consultation_presence"."left_at" >= "consultation_presence"."joined_at")
);
--> statement-breakpoint
ALTER TABLE "consultation_presence" ADD CONSTRAINT "consultation_presence_consultation_id_consultations_appointment_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("appointment_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_presence" ADD CONSTRAINT "consultation_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_presence_consultation_idx" ON "consultation_presence" USING btree ("consultation_id");