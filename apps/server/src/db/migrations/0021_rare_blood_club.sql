CREATE TABLE "rare_blood_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"on_call" boolean DEFAULT false NOT NULL,
	"call_from" text,
	"call_to" text,
	"joined_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rare_blood_members" ADD CONSTRAINT "rare_blood_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rare_blood_members_on_call_idx" ON "rare_blood_members" USING btree ("user_id","call_from","call_to") WHERE "rare_blood_members"."on_call";--> statement-breakpoint
CREATE INDEX "donor_profiles_rare_lab_group_idx" ON "donor_profiles" USING btree ("lab_blood_group","user_id") WHERE "donor_profiles"."lab_blood_group" in ('O-', 'A-', 'B-', 'AB-');