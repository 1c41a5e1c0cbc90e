CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"label" varchar(80) NOT NULL,
	"prefix" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"role" varchar(20) NOT NULL,
	"organization_id" integer,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"topic" varchar(40) NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_topic_pk" PRIMARY KEY("user_id","topic")
);
--> statement-breakpoint
CREATE TABLE "band_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"band_user_key" varchar(100) NOT NULL,
	"name" varchar(120) DEFAULT '' NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"status" varchar(10) DEFAULT 'valid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"band_key" varchar(100) NOT NULL,
	"event_key" varchar(200) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"content" text NOT NULL,
	"do_push" boolean DEFAULT false NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" varchar(60),
	"band_post_key" varchar(100),
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_sandbox_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"band_user_key" varchar(100) NOT NULL,
	"name" varchar(120) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_sandbox_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"band_key" varchar(100) NOT NULL,
	"post_key" varchar(100) NOT NULL,
	"band_user_key" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"do_push" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "band_team_links" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"band_account_id" integer NOT NULL,
	"band_key" varchar(100) NOT NULL,
	"band_name" varchar(200) NOT NULL,
	"linked_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_language" varchar(2);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_accounts" ADD CONSTRAINT "band_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_posts" ADD CONSTRAINT "band_posts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_posts" ADD CONSTRAINT "band_posts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_team_links" ADD CONSTRAINT "band_team_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_team_links" ADD CONSTRAINT "band_team_links_band_account_id_band_accounts_id_fk" FOREIGN KEY ("band_account_id") REFERENCES "public"."band_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "band_team_links" ADD CONSTRAINT "band_team_links_linked_by_user_id_users_id_fk" FOREIGN KEY ("linked_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_token_uq" ON "api_keys" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "band_accounts_user_uq" ON "band_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "band_accounts_band_user_uq" ON "band_accounts" USING btree ("band_user_key");--> statement-breakpoint
CREATE UNIQUE INDEX "band_posts_event_uq" ON "band_posts" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "band_posts_due_idx" ON "band_posts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "band_posts_org_idx" ON "band_posts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "band_sandbox_codes_uq" ON "band_sandbox_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "band_sandbox_posts_band_idx" ON "band_sandbox_posts" USING btree ("band_key","created_at");