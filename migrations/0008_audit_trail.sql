CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"subject_user_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" ~ '^[a-z_]+\.[a-z_]+$'),
	CONSTRAINT "audit_events_actor_role_check" CHECK ("audit_events"."actor_role" in ('patient', 'doctor', 'admin'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_occurred_idx" ON "audit_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","occurred_at");