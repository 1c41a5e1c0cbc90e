CREATE TABLE "donation_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"message" text,
	"amount_cents" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donors" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(80) NOT NULL,
	"last_name" varchar(80) NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"account" varchar(20) NOT NULL,
	"organization_id" integer,
	"amount_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(160) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"donation_id" integer,
	"organization_id" integer,
	"transfer_id" integer,
	"payout_id" integer,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"provider" varchar(10) NOT NULL,
	"account_id" varchar(255) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"account_id" varchar(255) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider_payout_id" varchar(255),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"arrival_date" date,
	"failure_message" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(10) NOT NULL,
	"event_id" varchar(255) NOT NULL,
	"type" varchar(80) NOT NULL,
	"donation_id" integer,
	"payload" jsonb NOT NULL,
	"outcome" varchar(40),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"donation_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"request_key" varchar(80) NOT NULL,
	"provider_refund_id" varchar(255),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_idempotency" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_objects" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"account_id" varchar(255) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"provider_transfer_id" varchar(255),
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"failure_message" text,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "donations_org_idx";--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "kind" varchar(8) DEFAULT 'gift' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "division_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fee_request_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "donor_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "processing_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "provider" varchar(10);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_intent_id" varchar(255);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "intent_status" varchar(40);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "failure_code" varchar(60);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "failure_source" varchar(10);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_number" varchar(24);--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "recorded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline_reference" varchar(120);--> statement-breakpoint
ALTER TABLE "donation_events" ADD CONSTRAINT "donation_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_events" ADD CONSTRAINT "donation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donors" ADD CONSTRAINT "donors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_transfer_id_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_events_donation_idx" ON "donation_events" USING btree ("donation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donors_email_uq" ON "donors" USING btree ("email");--> statement-breakpoint
CREATE INDEX "donors_user_idx" ON "donors" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_org_idx" ON "ledger_entries" USING btree ("organization_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_uq" ON "ledger_transactions" USING btree ("key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_donation_idx" ON "ledger_transactions" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_org_idx" ON "ledger_transactions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_org_uq" ON "payout_accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_account_uq" ON "payout_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payouts_org_idx" ON "payouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_uq" ON "payouts" USING btree ("provider_payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_event_uq" ON "provider_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "provider_events_donation_idx" ON "provider_events" USING btree ("donation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_uq" ON "refunds" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_uq" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_donation_idx" ON "refunds" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "transfers_org_idx" ON "transfers" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_provider_uq" ON "transfers" USING btree ("provider_transfer_id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_division_id_organizations_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fee_request_id_fee_requests_id_fk" FOREIGN KEY ("fee_request_id") REFERENCES "public"."fee_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_id_donors_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."donors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_intent_uq" ON "donations" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_receipt_uq" ON "donations" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "donations_org_created_idx" ON "donations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_division_idx" ON "donations" USING btree ("division_id");--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "donations_donor_user_idx" ON "donations" USING btree ("donor_user_id");--> statement-breakpoint
CREATE INDEX "donations_created_idx" ON "donations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "donations_reminder_idx" ON "donations" USING btree ("status","created_at") WHERE "donations"."reminder_sent_at" is null;