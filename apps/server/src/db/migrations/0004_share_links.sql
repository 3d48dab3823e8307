CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"target_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_links_campaign_uq" ON "short_links" USING btree ("campaign_id");