CREATE TABLE "doctor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"specialty" text NOT NULL,
	"license_number" text NOT NULL,
	"years_of_experience" text NOT NULL,
	"current_practice" text,
	"consultation_fee" integer NOT NULL,
	"available_hours" text,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"about_me" text NOT NULL,
	"why_telemedicine" text,
	"has_telemedicine_experience" boolean DEFAULT false NOT NULL,
	"agreed_to_terms" boolean NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "doctor_photos" ADD CONSTRAINT "doctor_photos_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_applications_pending_email_key" ON "doctor_applications" USING btree ("email") WHERE "doctor_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "doctor_applications_created_idx" ON "doctor_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "doctor_photos_doctor_idx" ON "doctor_photos" USING btree ("doctor_id");