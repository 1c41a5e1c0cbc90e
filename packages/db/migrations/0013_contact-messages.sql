-- Issue 14: messages of the public Contact-Us form, read and marked handled by Super Admin.
-- No network address is stored (the form's throttle counts hashed keys in throttle_events).
-- emails.reply_to: the address a reply goes to when it is not the sender (the visitor who wrote).
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"organization" varchar(150),
	"message" text NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "reply_to" varchar(254);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_user_id_users_id_fk" FOREIGN KEY ("handled_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_open_idx" ON "contact_messages" USING btree ("handled_at");