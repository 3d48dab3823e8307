CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"organize_time" timestamp with time zone NOT NULL,
	"start_receive_time" timestamp with time zone NOT NULL,
	"end_receive_time" timestamp with time zone NOT NULL,
	"target_blood_units" integer NOT NULL,
	"question_set_id" integer NOT NULL,
	"image_url" text,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"search_text" text NOT NULL,
	"thumbnail_url" text,
	"created_by" text DEFAULT 'Admin' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_set_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section_id" integer NOT NULL,
	"order" integer NOT NULL,
	"content" text NOT NULL,
	"has_detail" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_question_set_id_question_sets_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."question_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_sections" ADD CONSTRAINT "question_sections_question_set_id_question_sets_id_fk" FOREIGN KEY ("question_set_id") REFERENCES "public"."question_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_section_id_question_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."question_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_published_time_idx" ON "campaigns" USING btree ("is_published","organize_time");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_job_uq" ON "jobs" USING btree ("job");--> statement-breakpoint
CREATE INDEX "news_published_created_idx" ON "news" USING btree ("is_published","created_at");--> statement-breakpoint
CREATE INDEX "organizations_type_idx" ON "organizations" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "question_sections_set_idx" ON "question_sections" USING btree ("question_set_id","order");--> statement-breakpoint
CREATE INDEX "questions_section_idx" ON "questions" USING btree ("section_id","order");