ALTER TABLE "jobs" DROP CONSTRAINT "jobs_kind_check";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_kind_check" CHECK ("jobs"."kind" in ('email', 'reminder', 'refund_retry', 'housekeeping', 'referral_release', 'consultation_end'));
