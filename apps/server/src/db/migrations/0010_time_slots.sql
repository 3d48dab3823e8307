CREATE TABLE "campaign_slots" (
	"campaign_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_slots_pk" PRIMARY KEY("campaign_id","start_time"),
	CONSTRAINT "campaign_slots_booked_ck" CHECK ("campaign_slots"."booked" >= 0 and "campaign_slots"."booked" <= "campaign_slots"."capacity")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slot_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "slot_capacity" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_slots" ADD CONSTRAINT "campaign_slots_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_campaign_slot_idx" ON "appointments" USING btree ("campaign_id","slot_start");--> statement-breakpoint
-- ==== time_slots: custom SQL (backfill of existing campaigns and appointments) ====
-- Existing campaigns get 30-minute slots over their receive window (at most 200), each with the
-- campaign's target spread over its slots (10 without a target).
UPDATE "campaigns" SET "slot_capacity" = CASE
  WHEN "target_blood_units" > 0 AND "end_receive_time" > "start_receive_time" THEN
    least(10000, greatest(1, ceil("target_blood_units"::numeric / least(200, ceil(extract(epoch FROM ("end_receive_time" - "start_receive_time")) / 1800.0)))::integer))
  ELSE 10 END;
--> statement-breakpoint
INSERT INTO "campaign_slots" ("campaign_id", "start_time", "capacity", "booked")
SELECT s."id", s."t", s."slot_capacity", 0 FROM (
  SELECT c."id", c."slot_capacity", g."t", row_number() OVER (PARTITION BY c."id" ORDER BY g."t") AS "rn"
  FROM "campaigns" c
  CROSS JOIN LATERAL generate_series(c."start_receive_time", c."end_receive_time", interval '30 minutes') AS g("t")
  WHERE g."t" < c."end_receive_time"
) s WHERE s."rn" <= 200;
--> statement-breakpoint
-- Existing appointments are spread over their campaign's slots in the order they were made.
UPDATE "appointments" a SET "slot_start" = x."slot_start" FROM (
  SELECT ap."id", sl."start_time" AS "slot_start" FROM (
    SELECT "id", "campaign_id", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "id") - 1 AS "rn"
    FROM "appointments"
  ) ap
  JOIN (SELECT "campaign_id", count(*) AS "n" FROM "campaign_slots" GROUP BY "campaign_id") cnt ON cnt."campaign_id" = ap."campaign_id"
  JOIN (
    SELECT "campaign_id", "start_time", row_number() OVER (PARTITION BY "campaign_id" ORDER BY "start_time") - 1 AS "idx"
    FROM "campaign_slots"
  ) sl ON sl."campaign_id" = ap."campaign_id" AND sl."idx" = ap."rn" % cnt."n"
) x WHERE a."id" = x."id";
--> statement-breakpoint
UPDATE "campaign_slots" s SET "booked" = b."n", "capacity" = greatest(s."capacity", b."n") FROM (
  SELECT "campaign_id", "slot_start", count(*)::integer AS "n" FROM "appointments"
  WHERE "status" <> 'CANCELLED' AND "slot_start" IS NOT NULL GROUP BY "campaign_id", "slot_start"
) b WHERE s."campaign_id" = b."campaign_id" AND s."start_time" = b."slot_start";
-- ==== end of time_slots custom SQL ====
