CREATE TABLE "outbreak_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"disease_name" text NOT NULL,
	"severity" text NOT NULL,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"confirmed_cases" bigint,
	"active_cases" bigint,
	"recovered_cases" bigint,
	"deaths" bigint,
	"last_updated" timestamp with time zone NOT NULL,
	"source_agency" text NOT NULL,
	"severity_rank" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbreak_cases_source_check" CHECK ("outbreak_cases"."source" in ('who-don', 'disease-sh', 'snapshot')),
	CONSTRAINT "outbreak_cases_severity_check" CHECK ("outbreak_cases"."severity" in ('critical', 'high', 'medium', 'low')),
	CONSTRAINT "outbreak_cases_counts_check" CHECK (coalesce("outbreak_cases"."confirmed_cases", 0) >= 0 and coalesce("outbreak_cases"."deaths", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "outbreak_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by" uuid,
	"total_synced" integer DEFAULT 0 NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"provider" text NOT NULL,
	"provider_intent_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"medical_professional_confirmed_at" timestamp with time zone NOT NULL,
	"purchased_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_purchases_tier_check" CHECK ("report_purchases"."tier" in ('summary', 'full', 'detailed')),
	CONSTRAINT "report_purchases_status_check" CHECK ("report_purchases"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "report_purchases_amount_check" CHECK ("report_purchases"."amount" > 0),
	CONSTRAINT "report_purchases_paid_check" CHECK ("report_purchases"."status" <> 'paid' or ("report_purchases"."purchased_at" is not null and "report_purchases"."expires_at" is not null and "report_purchases"."snapshot" is not null))
);
--> statement-breakpoint
ALTER TABLE "outbreak_sync_runs" ADD CONSTRAINT "outbreak_sync_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_purchases" ADD CONSTRAINT "report_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbreak_cases_source_key" ON "outbreak_cases" USING btree ("source","external_id");--> statement-breakpoint
CREATE INDEX "outbreak_cases_listing_idx" ON "outbreak_cases" USING btree ("severity_rank","last_updated" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "outbreak_sync_runs_one_running" ON "outbreak_sync_runs" USING btree (("finished_at" is null)) WHERE "outbreak_sync_runs"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "outbreak_sync_runs_started_idx" ON "outbreak_sync_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_purchases_intent_key" ON "report_purchases" USING btree ("provider","provider_intent_id");--> statement-breakpoint
CREATE INDEX "report_purchases_buyer_idx" ON "report_purchases" USING btree ("buyer_id","expires_at");