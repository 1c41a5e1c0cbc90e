-- Issue 17: sponsorships (decision 019). Opportunities of a node or campaign, and the units sold:
-- each paid through the payment engine as a donations row of kind 'sponsor' (donation_id), never
-- counted as a donation; a node's sponsorship names no campaign, so donations.campaign_id may be null
-- for that kind only. A unit holds inventory while paid, or held and not expired.
CREATE TABLE "sponsorship_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" integer,
	"slug" varchar(120) NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text,
	"price_cents" integer NOT NULL,
	"quantity" integer,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fair_market_value_cents" integer DEFAULT 0 NOT NULL,
	"tier" varchar(12) DEFAULT 'community' NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"image_url" text,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"donation_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'held' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"price_cents" integer NOT NULL,
	"fair_market_value_cents" integer DEFAULT 0 NOT NULL,
	"business_name" varchar(120),
	"display_name" varchar(120),
	"website" varchar(300),
	"logo_url" text,
	"logo_status" varchar(10) DEFAULT 'none' NOT NULL,
	"logo_reject_reason" text,
	"logo_decided_by_user_id" integer,
	"logo_decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorship_opportunities" ADD CONSTRAINT "sponsorship_opportunities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_opportunities" ADD CONSTRAINT "sponsorship_opportunities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_opportunities" ADD CONSTRAINT "sponsorship_opportunities_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_opportunity_id_sponsorship_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."sponsorship_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_logo_decided_by_user_id_users_id_fk" FOREIGN KEY ("logo_decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_opportunities_slug_uq" ON "sponsorship_opportunities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "sponsorship_opportunities_org_idx" ON "sponsorship_opportunities" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "sponsorship_opportunities_campaign_idx" ON "sponsorship_opportunities" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_donation_uq" ON "sponsorships" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "sponsorships_opportunity_idx" ON "sponsorships" USING btree ("opportunity_id","status");--> statement-breakpoint
CREATE INDEX "sponsorships_hold_idx" ON "sponsorships" USING btree ("hold_expires_at") WHERE "sponsorships"."status" = 'held';--> statement-breakpoint
CREATE INDEX "sponsorships_logo_idx" ON "sponsorships" USING btree ("logo_status") WHERE "sponsorships"."logo_status" = 'submitted';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_ck" CHECK ("donations"."campaign_id" is not null or "donations"."kind" = 'sponsor');