CREATE TABLE "audit_subjects" (
	"audit_id" integer NOT NULL,
	"subject_user_id" integer NOT NULL,
	CONSTRAINT "audit_subjects_subject_user_id_audit_id_pk" PRIMARY KEY("subject_user_id","audit_id")
);
--> statement-breakpoint
CREATE TABLE "identity_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"audit_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"extract_id" text NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_subjects" ADD CONSTRAINT "audit_subjects_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_subjects" ADD CONSTRAINT "audit_subjects_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_corrections" ADD CONSTRAINT "identity_corrections_audit_id_audit_log_id_fk" FOREIGN KEY ("audit_id") REFERENCES "public"."audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_corrections" ADD CONSTRAINT "identity_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_subjects_audit_idx" ON "audit_subjects" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "identity_corrections_audit_idx" ON "identity_corrections" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "identity_corrections_user_idx" ON "identity_corrections" USING btree ("user_id");