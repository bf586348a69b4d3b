-- Written beside 0055 and merged after it. Drizzle applies only migrations newer than the newest
-- applied, so this one comes last in time; a database migrated while it sat before 0055 has it
-- already, and every statement below is idempotent, so it runs again harmlessly.
-- Family members an account holder books for (issue 42, decision 083). A deleted member keeps its
-- row (deleted_at) so the visits booked for them still name them; account deletion removes them.
CREATE TABLE IF NOT EXISTS "family_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"holder_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" text NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "family_members_relationship_check" CHECK ("family_members"."relationship" in ('child', 'parent', 'spouse', 'sibling', 'other'))
);
--> statement-breakpoint
ALTER TABLE "family_members" DROP CONSTRAINT IF EXISTS "family_members_holder_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "family_members" ADD CONSTRAINT "family_members_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "family_members_holder_idx" ON "family_members" USING btree ("holder_id","created_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN IF NOT EXISTS "family_member_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT IF EXISTS "appointments_family_member_id_family_members_id_fk";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_family_member_id_family_members_id_fk" FOREIGN KEY ("family_member_id") REFERENCES "public"."family_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_family_member_idx" ON "appointments" USING btree ("family_member_id") WHERE "appointments"."family_member_id" is not null;
