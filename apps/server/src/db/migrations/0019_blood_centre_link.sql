CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_on" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
CREATE TABLE "blood_group_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"unit_event_id" integer,
	"earlier_group" text NOT NULL,
	"reported_group" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"resolution" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "counselling_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"unit_event_id" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"call_by" date NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_channel_pk" PRIMARY KEY("user_id","kind","channel")
);
--> statement-breakpoint
CREATE TABLE "staff_permissions" (
	"user_id" integer NOT NULL,
	"permission" text NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_permissions_user_id_permission_pk" PRIMARY KEY("user_id","permission")
);
--> statement-breakpoint
CREATE TABLE "unit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"payload_hash" text NOT NULL,
	"appointment_id" integer NOT NULL,
	"unit_number" text NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"blood_group" text,
	"screening" text,
	"components" text[],
	"hospital" text,
	"issued_on" date,
	"discard_reason" text,
	"source" text NOT NULL,
	"api_key_id" integer,
	"imported_by" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unit_issued_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"appointment_id" integer NOT NULL,
	"hospital" text NOT NULL,
	"issued_on" date NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"notified" boolean,
	"mailed" boolean
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_group_tasks" ADD CONSTRAINT "blood_group_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_group_tasks" ADD CONSTRAINT "blood_group_tasks_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_group_tasks" ADD CONSTRAINT "blood_group_tasks_unit_event_id_unit_events_id_fk" FOREIGN KEY ("unit_event_id") REFERENCES "public"."unit_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blood_group_tasks" ADD CONSTRAINT "blood_group_tasks_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_cases" ADD CONSTRAINT "counselling_cases_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_cases" ADD CONSTRAINT "counselling_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_cases" ADD CONSTRAINT "counselling_cases_unit_event_id_unit_events_id_fk" FOREIGN KEY ("unit_event_id") REFERENCES "public"."unit_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counselling_cases" ADD CONSTRAINT "counselling_cases_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_permissions" ADD CONSTRAINT "staff_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_permissions" ADD CONSTRAINT "staff_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_events" ADD CONSTRAINT "unit_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_events" ADD CONSTRAINT "unit_events_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_events" ADD CONSTRAINT "unit_events_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_issued_messages" ADD CONSTRAINT "unit_issued_messages_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id_uq" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "api_keys_created_idx" ON "api_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blood_group_tasks_status_opened_idx" ON "blood_group_tasks" USING btree ("status","opened_at");--> statement-breakpoint
CREATE INDEX "blood_group_tasks_user_idx" ON "blood_group_tasks" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blood_group_tasks_open_uq" ON "blood_group_tasks" USING btree ("user_id","reported_group") WHERE "blood_group_tasks"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "counselling_cases_appointment_uq" ON "counselling_cases" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "counselling_cases_status_call_by_idx" ON "counselling_cases" USING btree ("status","call_by");--> statement-breakpoint
CREATE INDEX "counselling_cases_user_status_idx" ON "counselling_cases" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_events_event_id_uq" ON "unit_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "unit_events_appointment_at_idx" ON "unit_events" USING btree ("appointment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "unit_issued_messages_appointment_uq" ON "unit_issued_messages" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "unit_issued_messages_pending_idx" ON "unit_issued_messages" USING btree ("queued_at") WHERE "unit_issued_messages"."sent_at" is null;