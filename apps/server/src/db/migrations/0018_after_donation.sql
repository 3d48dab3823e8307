CREATE TABLE "appointment_screenings" (
	"appointment_id" integer PRIMARY KEY NOT NULL,
	"weight_kg" numeric(4, 1) NOT NULL,
	"systolic" integer NOT NULL,
	"diastolic" integer NOT NULL,
	"pulse" integer NOT NULL,
	"hemoglobin_g_l" integer NOT NULL,
	"temperature_c" numeric(3, 1),
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_sequences" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"certificate_id" integer NOT NULL,
	"used_on" date NOT NULL,
	"hospital" text NOT NULL,
	"volume_ml" integer NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"appointment_id" integer NOT NULL,
	"user_id" integer,
	"donated_on" date NOT NULL,
	"volume_ml" integer NOT NULL,
	"full_name" text NOT NULL,
	"birth_date" date,
	"address" text NOT NULL,
	"facility" text NOT NULL,
	"identity_hash" text NOT NULL,
	"signature" text NOT NULL,
	"key_id" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"revoked_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "honour_awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"milestone" integer NOT NULL,
	"reached_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "unit_number" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "emergency" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_screenings" ADD CONSTRAINT "appointment_screenings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_screenings" ADD CONSTRAINT "appointment_screenings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uses" ADD CONSTRAINT "certificate_uses_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uses" ADD CONSTRAINT "certificate_uses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "honour_awards" ADD CONSTRAINT "honour_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_uses_certificate_idx" ON "certificate_uses" USING btree ("certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_serial_uq" ON "certificates" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_year_sequence_uq" ON "certificates" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_appointment_uq" ON "certificates" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "certificates_user_idx" ON "certificates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "honour_awards_user_milestone_uq" ON "honour_awards" USING btree ("user_id","milestone");--> statement-breakpoint
CREATE INDEX "honour_awards_reached_idx" ON "honour_awards" USING btree ("reached_on");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_unit_number_uq" ON "appointments" USING btree ("unit_number") WHERE "appointments"."unit_number" is not null;--> statement-breakpoint
CREATE INDEX "appointments_user_donated_idx" ON "appointments" USING btree ("user_id","donated_at") WHERE "appointments"."status" = 'DONE';