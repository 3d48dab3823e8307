CREATE TABLE "blood_stock_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"blood_group" text NOT NULL,
	"level" text NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"changed_by" integer,
	"api_key_id" integer,
	"request_id" text,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blood_stock_levels" (
	"blood_group" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"note" text,
	"source" text NOT NULL,
	"updated_by" integer,
	"api_key_id" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blood_stock_changes" ADD CONSTRAINT "blood_stock_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_stock_changes" ADD CONSTRAINT "blood_stock_changes_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_stock_levels" ADD CONSTRAINT "blood_stock_levels_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_stock_levels" ADD CONSTRAINT "blood_stock_levels_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blood_stock_changes_group_at_idx" ON "blood_stock_changes" USING btree ("blood_group","changed_at");