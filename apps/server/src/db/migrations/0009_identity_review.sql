CREATE TABLE "external_donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"donated_at" timestamp with time zone NOT NULL,
	"donation_type" text NOT NULL,
	"place" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD COLUMN "review_outcome" text;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD COLUMN "lab_blood_group" text;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD COLUMN "lab_blood_group_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD COLUMN "review_outcome" text;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "external_donations" ADD CONSTRAINT "external_donations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_donations" ADD CONSTRAINT "external_donations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_donations_user_donated_idx" ON "external_donations" USING btree ("user_id","donated_at");--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "donor_profiles_full_name_prefix_idx" ON "donor_profiles" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "donor_profiles_mobile_prefix_idx" ON "donor_profiles" USING btree ("mobile" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "donor_profiles_card_id_suffix_idx" ON "donor_profiles" USING btree (reverse("card_id") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "id_extracts_review_queue_idx" ON "id_extracts" USING btree ("review_requested_at") WHERE "id_extracts"."review_requested_at" is not null and "id_extracts"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "id_extracts_reviewed_retention_idx" ON "id_extracts" USING btree ("reviewed_at") WHERE "id_extracts"."images_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
-- ---- custom SQL (identity_review) -------------------------------------------------------------
-- Profiles already waiting for review enter the queue from the time they were confirmed.
UPDATE "id_extracts" SET "review_requested_at" = "id_extracts"."confirmed_at"
  FROM "donor_profiles"
  WHERE "donor_profiles"."extract_id" = "id_extracts"."id" AND "donor_profiles"."status" = 'PENDING';
--> statement-breakpoint
-- The trail refuses TRUNCATE too (UPDATE and DELETE are refused row by row since the staff-console migration).
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
-- ---- end of custom SQL (identity_review) ------------------------------------------------------
