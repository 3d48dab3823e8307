CREATE TABLE "avatars" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"content" "bytea" NOT NULL,
	"mime_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donor_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'NONE' NOT NULL,
	"contact_email" text,
	"mobile" text,
	"job_name" text,
	"student_id" text,
	"military_id" text,
	"address_contact" text,
	"time_donation" integer DEFAULT 0 NOT NULL,
	"blood_group" text,
	"organization_id" integer,
	"extract_id" text,
	"card_id" text,
	"full_name" text,
	"dob" text,
	"gender" text,
	"nationality" text,
	"ethnicity" text,
	"home" text,
	"address" text,
	"doe" text,
	"issue_loc" text,
	"issue_date" text,
	"terms_version" text,
	"terms_accepted_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_extracts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"front_fields" jsonb,
	"back_fields" jsonb,
	"merged" jsonb,
	"score_front" real,
	"score_back" real,
	"front_image" "bytea",
	"back_image" "bytea",
	"confirmed_at" timestamp with time zone,
	"images_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" boolean NOT NULL,
	"detail" text
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"status" text NOT NULL,
	"donated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD CONSTRAINT "donor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donor_profiles" ADD CONSTRAINT "donor_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_extracts" ADD CONSTRAINT "id_extracts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donor_profiles_card_id_uq" ON "donor_profiles" USING btree ("card_id") WHERE "donor_profiles"."card_id" is not null;--> statement-breakpoint
CREATE INDEX "id_extracts_user_idx" ON "id_extracts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "id_extracts_retention_idx" ON "id_extracts" USING btree ("confirmed_at") WHERE "id_extracts"."images_deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_appointment_question_uq" ON "answers" USING btree ("appointment_id","question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_user_campaign_live_uq" ON "appointments" USING btree ("user_id","campaign_id") WHERE "appointments"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "appointments_campaign_status_idx" ON "appointments" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "appointments_user_created_idx" ON "appointments" USING btree ("user_id","created_at");