-- Issue 16: affiliates (decision 018). Programs with versioned terms, offers, affiliates and their
-- single-use invitations (sha256 of the secret only), the organizations they brought, clicks (a
-- random visitor id, no IP address) and conversions: one per gift and one per team registration.
CREATE TABLE "affiliate_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"visitor_id" varchar(40),
	"landing_path" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"kind" varchar(6) NOT NULL,
	"source" varchar(12) NOT NULL,
	"registration_id" integer,
	"donation_id" integer,
	"organization_id" integer,
	"click_id" integer,
	"base_cents" integer DEFAULT 0 NOT NULL,
	"commission_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"qualified_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_reference" varchar(120),
	"paid_by_user_id" integer,
	"voided_at" timestamp with time zone,
	"void_reason" varchar(40),
	"clawback_cents" integer DEFAULT 0 NOT NULL,
	"clawback_settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"offer_id" integer,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'offered' NOT NULL,
	"offered_by_user_id" integer,
	"accepted_at" timestamp with time zone,
	"accepted_terms_version" integer,
	"accepted_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_payout_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"affiliate_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"note" text,
	"resolved_by_user_id" integer,
	"resolved_at" timestamp with time zone,
	"reference" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_program_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"version" integer NOT NULL,
	"terms" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliate_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"description" text,
	"gift_share_bps" integer DEFAULT 0 NOT NULL,
	"team_flat_cents" integer DEFAULT 0 NOT NULL,
	"team_qualify_cents" integer DEFAULT 0 NOT NULL,
	"window_days" smallint DEFAULT 30 NOT NULL,
	"attribution" varchar(12) DEFAULT 'last_click' NOT NULL,
	"min_payout_cents" integer DEFAULT 0 NOT NULL,
	"due_days" smallint DEFAULT 30 NOT NULL,
	"terms_version" integer DEFAULT 1 NOT NULL,
	"terms" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"first_name" varchar(80) NOT NULL,
	"last_name" varchar(80) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(30),
	"slug" varchar(120) NOT NULL,
	"website" varchar(300),
	"bio" text,
	"avatar_url" text,
	"status" varchar(10) DEFAULT 'invited' NOT NULL,
	"payout_method" varchar(10),
	"payout_to" varchar(300),
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_affiliates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"affiliate_id" integer NOT NULL,
	"gift_share_bps_override" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "affiliate_click_id" integer;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD COLUMN "affiliate_click_id" integer;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_registration_id_team_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."team_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_conversions" ADD CONSTRAINT "affiliate_conversions_paid_by_user_id_users_id_fk" FOREIGN KEY ("paid_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invitations" ADD CONSTRAINT "affiliate_invitations_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invitations" ADD CONSTRAINT "affiliate_invitations_offer_id_affiliate_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."affiliate_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_invitations" ADD CONSTRAINT "affiliate_invitations_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_offers" ADD CONSTRAINT "affiliate_offers_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_offers" ADD CONSTRAINT "affiliate_offers_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_offers" ADD CONSTRAINT "affiliate_offers_offered_by_user_id_users_id_fk" FOREIGN KEY ("offered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_offers" ADD CONSTRAINT "affiliate_offers_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_requests" ADD CONSTRAINT "affiliate_payout_requests_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_payout_requests" ADD CONSTRAINT "affiliate_payout_requests_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_program_terms" ADD CONSTRAINT "affiliate_program_terms_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_affiliates" ADD CONSTRAINT "organization_affiliates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_affiliates" ADD CONSTRAINT "organization_affiliates_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_affiliates" ADD CONSTRAINT "organization_affiliates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_visitor_idx" ON "affiliate_clicks" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_clicks_affiliate_idx" ON "affiliate_clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_conversions_registration_uq" ON "affiliate_conversions" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_conversions_donation_uq" ON "affiliate_conversions" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "affiliate_conversions_affiliate_idx" ON "affiliate_conversions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_conversions_due_idx" ON "affiliate_conversions" USING btree ("due_at") WHERE "affiliate_conversions"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_invitations_token_uq" ON "affiliate_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "affiliate_invitations_affiliate_idx" ON "affiliate_invitations" USING btree ("affiliate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_offers_open_uq" ON "affiliate_offers" USING btree ("affiliate_id","program_id") WHERE "affiliate_offers"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "affiliate_payout_requests_affiliate_idx" ON "affiliate_payout_requests" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_payout_requests_open_uq" ON "affiliate_payout_requests" USING btree ("affiliate_id") WHERE "affiliate_payout_requests"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_program_terms_uq" ON "affiliate_program_terms" USING btree ("program_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_slug_uq" ON "affiliates" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_email_uq" ON "affiliates" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliates_user_uq" ON "affiliates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "affiliates_status_idx" ON "affiliates" USING btree ("status","last_name","first_name");--> statement-breakpoint
CREATE INDEX "affiliates_search_trgm_idx" ON "affiliates" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "organization_affiliates_org_uq" ON "organization_affiliates" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_affiliates_affiliate_idx" ON "organization_affiliates" USING btree ("affiliate_id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_affiliate_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("affiliate_click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_registrations" ADD CONSTRAINT "team_registrations_affiliate_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("affiliate_click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE set null ON UPDATE no action;