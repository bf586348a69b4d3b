ALTER TABLE "campaigns" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipient_count" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opted_out_count" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;