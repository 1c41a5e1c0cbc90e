-- Issue 15: the team registration (onboarding) record. token_hash holds the sha256 of the draft's
-- secret, never the secret; search is the lower-cased text the staff list matches (trigram index).
CREATE TABLE "team_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"registrant_user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"existing_team_id" integer,
	"step" smallint DEFAULT 1 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"submitted_at" timestamp with time zone,
	"decision" varchar(10) DEFAULT 'pending' NOT NULL,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"reason" text,
	"created_organization_id" integer,
	"created_team_id" integer,
	"created_division_id" integer,
	"created_campaign_id" integer,
	"sales_user_id" integer,
	"affiliate_id" integer,
	"search" text DEFAULT '' NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_registrant_user_id_users_id_fk" FOREIGN KEY ("registrant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_existing_team_id_organizations_id_fk" FOREIGN KEY ("existing_team_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_created_organization_id_organizations_id_fk" FOREIGN KEY ("created_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_created_team_id_organizations_id_fk" FOREIGN KEY ("created_team_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_created_division_id_organizations_id_fk" FOREIGN KEY ("created_division_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_created_campaign_id_campaigns_id_fk" FOREIGN KEY ("created_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_sales_user_id_users_id_fk" FOREIGN KEY ("sales_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_registrations_token_uq" ON "team_registrations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_registrations_status_idx" ON "team_registrations" USING btree ("decision","submitted_at","created_at");--> statement-breakpoint
CREATE INDEX "team_registrations_created_idx" ON "team_registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "team_registrations_sales_idx" ON "team_registrations" USING btree ("sales_user_id");--> statement-breakpoint
CREATE INDEX "team_registrations_registrant_idx" ON "team_registrations" USING btree ("registrant_user_id");--> statement-breakpoint
CREATE INDEX "team_registrations_search_trgm_idx" ON "team_registrations" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "team_registrations_reminder_idx" ON "team_registrations" USING btree ("updated_at") WHERE "team_registrations"."submitted_at" is null and "team_registrations"."reminder_sent_at" is null;