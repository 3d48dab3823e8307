CREATE TABLE "appeal_recipients" (
	"appeal_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"basis" text NOT NULL,
	"opened_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"email_claimed_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "appeal_recipients_pk" PRIMARY KEY("appeal_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_by" integer,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"groups" text[] NOT NULL,
	"urgency" text NOT NULL,
	"campaign_id" integer NOT NULL,
	"slot_starts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"target" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"end_reason" text,
	"ended_at" timestamp with time zone,
	"delivery_status" text DEFAULT 'QUEUED' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "appeal_recipients" ADD CONSTRAINT "appeal_recipients_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_recipients" ADD CONSTRAINT "appeal_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_recipients_user_reached_idx" ON "appeal_recipients" USING btree ("user_id","reached_at");--> statement-breakpoint
CREATE INDEX "appeal_recipients_unmailed_idx" ON "appeal_recipients" USING btree ("appeal_id") WHERE "appeal_recipients"."email_claimed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_idempotency_key_uq" ON "appeals" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "appeals_status_ends_idx" ON "appeals" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "appeals_created_idx" ON "appeals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "appeals_unsent_idx" ON "appeals" USING btree ("id") WHERE "appeals"."delivery_status" in ('QUEUED', 'WAITING', 'SENDING');--> statement-breakpoint
CREATE INDEX "donor_profiles_lab_blood_group_idx" ON "donor_profiles" USING btree ("lab_blood_group","user_id") WHERE "donor_profiles"."status" = 'EXTRACTED';