ALTER TABLE "notifications" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "values" jsonb;