CREATE TABLE "campaign_rollup_donors" (
	"campaign_id" integer NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "campaign_rollup_donors_campaign_id_donor_email_pk" PRIMARY KEY("campaign_id","donor_email")
);
--> statement-breakpoint
CREATE TABLE "campaign_rollups" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"donors" integer DEFAULT 0 NOT NULL,
	"donations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_rollup_donors" (
	"organization_id" integer NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "org_rollup_donors_organization_id_donor_email_pk" PRIMARY KEY("organization_id","donor_email")
);
--> statement-breakpoint
CREATE TABLE "org_rollup_members" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "org_rollup_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "org_rollup_players" (
	"organization_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"refs" integer NOT NULL,
	CONSTRAINT "org_rollup_players_organization_id_player_id_pk" PRIMARY KEY("organization_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "org_rollups" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"leagues" integer DEFAULT 0 NOT NULL,
	"teams" integer DEFAULT 0 NOT NULL,
	"divisions" integer DEFAULT 0 NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"active_campaigns" integer DEFAULT 0 NOT NULL,
	"raised_cents" bigint DEFAULT 0 NOT NULL,
	"donors" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "campaign_rollup_donors_zero_idx" ON "campaign_rollup_donors" USING btree ("campaign_id") WHERE "campaign_rollup_donors"."refs" <= 0;--> statement-breakpoint
CREATE INDEX "org_rollup_donors_zero_idx" ON "org_rollup_donors" USING btree ("organization_id") WHERE "org_rollup_donors"."refs" <= 0;--> statement-breakpoint
CREATE INDEX "org_rollup_members_zero_idx" ON "org_rollup_members" USING btree ("organization_id") WHERE "org_rollup_members"."refs" <= 0;--> statement-breakpoint
CREATE INDEX "org_rollup_players_zero_idx" ON "org_rollup_players" USING btree ("organization_id") WHERE "org_rollup_players"."refs" <= 0;