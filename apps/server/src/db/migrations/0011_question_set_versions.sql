-- Custom (question_set_versions): the column is added nullable, existing sets become version 1 of
-- their own questionnaire, then it is made NOT NULL (as the schema declares).
ALTER TABLE "question_sets" ADD COLUMN "lineage_id" integer;--> statement-breakpoint
UPDATE "question_sets" SET "lineage_id" = "id";--> statement-breakpoint
ALTER TABLE "question_sets" ALTER COLUMN "lineage_id" SET NOT NULL;--> statement-breakpoint
-- End of custom SQL.
ALTER TABLE "question_sets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "question_sets" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_sets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_question_set_idx" ON "campaigns" USING btree ("question_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_sets_lineage_version_uq" ON "question_sets" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE INDEX "donor_profiles_verified_at_idx" ON "donor_profiles" USING btree ("verified_at") WHERE "donor_profiles"."status" = 'EXTRACTED';--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "appointments_created_idx" ON "appointments" USING btree ("created_at");