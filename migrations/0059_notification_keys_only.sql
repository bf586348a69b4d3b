ALTER TABLE "notifications" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "message" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_words_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_words_check" CHECK (("notifications"."title_key" is not null and "notifications"."message_key" is not null) or ("notifications"."title" is not null and "notifications"."message" is not null));
