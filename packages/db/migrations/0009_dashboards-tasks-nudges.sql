CREATE TABLE "nudges" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_fundraiser_id" integer NOT NULL,
	"family_user_id" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"assignee_user_id" integer,
	"due_on" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_user_id" integer,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_campaign_fundraiser_id_campaign_fundraisers_id_fk" FOREIGN KEY ("campaign_fundraiser_id") REFERENCES "public"."campaign_fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_family_user_id_users_id_fk" FOREIGN KEY ("family_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nudges" ADD CONSTRAINT "nudges_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tasks" ADD CONSTRAINT "org_tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tasks" ADD CONSTRAINT "org_tasks_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tasks" ADD CONSTRAINT "org_tasks_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_tasks" ADD CONSTRAINT "org_tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nudges_family_idx" ON "nudges" USING btree ("family_user_id","created_at");--> statement-breakpoint
CREATE INDEX "nudges_cf_idx" ON "nudges" USING btree ("campaign_fundraiser_id");--> statement-breakpoint
CREATE INDEX "org_tasks_org_idx" ON "org_tasks" USING btree ("organization_id","completed_at");--> statement-breakpoint
CREATE INDEX "org_tasks_assignee_idx" ON "org_tasks" USING btree ("assignee_user_id");--> statement-breakpoint
CREATE INDEX "org_tasks_tags_idx" ON "org_tasks" USING gin ("tags");