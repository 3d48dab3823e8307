-- Booking confirmations and cancellation notices are events ('Sự kiện', type 2); only the
-- scheduled reminders and 'donate again' stay reminders (type 1).
UPDATE "notifications" SET "type" = 2
WHERE "type" = 1 AND ("dedupe_key" LIKE 'registered:%' OR "dedupe_key" LIKE 'cancelled:%');
