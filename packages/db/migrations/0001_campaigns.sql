CREATE TABLE "campaign_divisions" (
	"campaign_id" integer NOT NULL,
	"organization_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_fundraisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"division_id" integer,
	"slug" varchar(120) NOT NULL,
	"goal_cents" integer,
	"fundraising_reason" text,
	"invite_token_hash" varchar(64),
	"invite_expires_at" timestamp with time zone,
	"invited_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"title" varchar(160) NOT NULL,
	"slug" varchar(120) NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"start_date" date,
	"end_date" date,
	"goal_cents" integer DEFAULT 0 NOT NULL,
	"player_goal_cents" integer,
	"short_description" varchar(300),
	"story" text,
	"logo_url" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(32) NOT NULL,
	"campaign_id" integer NOT NULL,
	"campaign_fundraiser_id" integer,
	"organization_id" integer NOT NULL,
	"contact_id" integer,
	"amount_cents" integer NOT NULL,
	"cover_fee_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'usd' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"method" varchar(10) DEFAULT 'card' NOT NULL,
	"donor_user_id" integer,
	"donor_first_name" varchar(80) NOT NULL,
	"donor_last_name" varchar(80) NOT NULL,
	"donor_email" varchar(254) NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"message" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"label" varchar(120) NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" varchar(160) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30),
	"track_token" varchar(32) NOT NULL,
	"invited_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "public_listing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "show_full_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_divisions" ADD CONSTRAINT "campaign_divisions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_divisions" ADD CONSTRAINT "campaign_divisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_fundraisers" ADD CONSTRAINT "campaign_fundraisers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_fundraisers" ADD CONSTRAINT "campaign_fundraisers_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_fundraisers" ADD CONSTRAINT "campaign_fundraisers_division_id_organizations_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_fundraiser_id_campaign_fundraisers_id_fk" FOREIGN KEY ("campaign_fundraiser_id") REFERENCES "public"."campaign_fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_contact_id_fundraiser_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."fundraiser_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_requests" ADD CONSTRAINT "fee_requests_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_contacts" ADD CONSTRAINT "fundraiser_contacts_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_contacts" ADD CONSTRAINT "fundraiser_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD CONSTRAINT "organization_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_campaigns" ADD CONSTRAINT "organization_campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_divisions_uq" ON "campaign_divisions" USING btree ("campaign_id","organization_id");--> statement-breakpoint
CREATE INDEX "campaign_divisions_org_idx" ON "campaign_divisions" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_fundraisers_campaign_player_uq" ON "campaign_fundraisers" USING btree ("campaign_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_fundraisers_slug_uq" ON "campaign_fundraisers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_fundraisers_invite_uq" ON "campaign_fundraisers" USING btree ("invite_token_hash");--> statement-breakpoint
CREATE INDEX "campaign_fundraisers_player_idx" ON "campaign_fundraisers" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "campaign_fundraisers_division_idx" ON "campaign_fundraisers" USING btree ("division_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_uq" ON "campaigns" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "campaigns_org_idx" ON "campaigns" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_public_id_uq" ON "donations" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "donations_campaign_status_idx" ON "donations" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "donations_cf_idx" ON "donations" USING btree ("campaign_fundraiser_id");--> statement-breakpoint
CREATE INDEX "donations_org_idx" ON "donations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "donations_email_idx" ON "donations" USING btree ("donor_email");--> statement-breakpoint
CREATE INDEX "fee_requests_campaign_idx" ON "fee_requests" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_contacts_player_campaign_email_uq" ON "fundraiser_contacts" USING btree ("player_id","campaign_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_contacts_track_uq" ON "fundraiser_contacts" USING btree ("track_token");--> statement-breakpoint
CREATE INDEX "fundraiser_contacts_campaign_idx" ON "fundraiser_contacts" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_campaigns_uq" ON "organization_campaigns" USING btree ("campaign_id","organization_id");--> statement-breakpoint
CREATE INDEX "organization_campaigns_org_idx" ON "organization_campaigns" USING btree ("organization_id");