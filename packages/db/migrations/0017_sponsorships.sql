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
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_ck" CHECK ("donations"."campaign_id" is not null or "donations"."kind" = 'sponsor');--> statement-breakpoint
-- A node's sponsorship payment has no campaign: the list totals of 0006 keep its key with a null
-- campaign (the unique key is NULLS NOT DISTINCT already), and their drift check matches nulls.
ALTER TABLE "donation_totals" ALTER COLUMN "campaign_id" DROP NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION fc_donation_totals_drift() RETURNS TABLE (organization_id integer, division_id integer,
    campaign_id integer, status smallint, kind varchar, method varchar, kept bigint[], actual bigint[])
  LANGUAGE sql STABLE AS $fn$
  WITH kept AS (
    SELECT t.organization_id, t.division_id, t.campaign_id, t.status, t.kind, t.method,
        ARRAY[t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents] AS v
      FROM donation_totals t
      WHERE (t.n, t.amount_cents, t.cover_fee_cents, t.refunded_cents, t.net_cents) <> (0, 0, 0, 0, 0)
  ), actual AS (
    SELECT d.organization_id, d.division_id, d.campaign_id, d.status, d.kind, d.method,
        ARRAY[count(*), sum(d.amount_cents), sum(d.cover_fee_cents), sum(d.refunded_cents),
          sum(greatest(d.amount_cents - d.refunded_cents, 0))]::bigint[] AS v
      FROM donations d GROUP BY 1, 2, 3, 4, 5, 6
  )
  SELECT coalesce(k.organization_id, a.organization_id), coalesce(k.division_id, a.division_id),
      coalesce(k.campaign_id, a.campaign_id), coalesce(k.status, a.status), coalesce(k.kind, a.kind),
      coalesce(k.method, a.method), k.v, a.v
    FROM kept k FULL JOIN actual a ON (k.organization_id, k.status, k.kind, k.method)
        = (a.organization_id, a.status, a.kind, a.method)
      AND k.campaign_id IS NOT DISTINCT FROM a.campaign_id
      AND k.division_id IS NOT DISTINCT FROM a.division_id
    WHERE k.v IS DISTINCT FROM a.v
$fn$;
