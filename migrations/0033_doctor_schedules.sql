CREATE TABLE "doctor_schedules" (
	"doctor_id" uuid PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"video_minutes" smallint DEFAULT 30 NOT NULL,
	"voice_minutes" smallint DEFAULT 30 NOT NULL,
	"in_person_minutes" smallint DEFAULT 30 NOT NULL,
	"buffer_minutes" smallint DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"horizon_days" smallint DEFAULT 180 NOT NULL,
	"daily_cap" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_schedules_visit_check" CHECK ("doctor_schedules"."video_minutes" in (15, 20, 30, 45, 60) and "doctor_schedules"."voice_minutes" in (15, 20, 30, 45, 60) and "doctor_schedules"."in_person_minutes" in (15, 20, 30, 45, 60)),
	CONSTRAINT "doctor_schedules_buffer_check" CHECK ("doctor_schedules"."buffer_minutes" between 0 and 30),
	CONSTRAINT "doctor_schedules_notice_check" CHECK ("doctor_schedules"."min_notice_minutes" between 0 and 20160),
	CONSTRAINT "doctor_schedules_horizon_check" CHECK ("doctor_schedules"."horizon_days" between 1 and 180),
	CONSTRAINT "doctor_schedules_cap_check" CHECK ("doctor_schedules"."daily_cap" is null or "doctor_schedules"."daily_cap" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "doctor_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"doctor_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"label" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctor_time_off_range_check" CHECK ("doctor_time_off"."ends_at" > "doctor_time_off"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "duration_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "doctor_schedules" ADD CONSTRAINT "doctor_schedules_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_time_off" ADD CONSTRAINT "doctor_time_off_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "doctor_time_off_doctor_idx" ON "doctor_time_off" USING btree ("doctor_id","ends_at");--> statement-breakpoint
-- hand-written: begin
-- Schedules and time off change every doctor's next free slot: they move both directory counters,
-- as edits to doctors do (0028).
CREATE TRIGGER "doctor_schedules_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "doctor_schedules"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
CREATE TRIGGER "doctor_time_off_directory_version" AFTER INSERT OR UPDATE OR DELETE ON "doctor_time_off"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_directory_version();--> statement-breakpoint
-- Every existing doctor's old single pair becomes their weekly hours, Mon–Fri (weekends free); a
-- missing or unreadable pair becomes the default day, 09:00–17:00. Running it again changes nothing.
INSERT INTO "doctor_schedules" ("doctor_id", "weekly")
SELECT d."id", jsonb_build_object(
    'mon', h.day, 'tue', h.day, 'wed', h.day, 'thu', h.day, 'fri', h.day,
    'sat', '[]'::jsonb, 'sun', '[]'::jsonb)
FROM "doctors" d
CROSS JOIN LATERAL (
  SELECT jsonb_build_array(jsonb_build_object('start', r.from_at, 'end', r.to_at)) AS day
  FROM (
    SELECT CASE WHEN ok THEN d."available_from" ELSE '09:00' END AS from_at,
           CASE WHEN ok THEN d."available_to" ELSE '17:00' END AS to_at
    FROM (SELECT coalesce(d."available_from" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
                   AND d."available_to" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
                   AND d."available_to" > d."available_from", false) AS ok) v
  ) r
) h
ON CONFLICT ("doctor_id") DO NOTHING;
-- hand-written: end
