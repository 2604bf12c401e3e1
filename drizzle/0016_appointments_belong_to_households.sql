ALTER TABLE "appointments" ADD COLUMN "household_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "stay_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_household" ON "appointments" USING btree ("household_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_stay" ON "appointments" USING btree ("stay_id");--> statement-breakpoint
-- Every appointment belongs to a household (ADR 0146): the account of its address, created as
-- sign-in would create it (lower-cased, unconfirmed), and that account's household. A deleted
-- account's rows hold an anonymous placeholder address and stay without a household.
INSERT INTO "users" ("email")
SELECT DISTINCT lower("customer_email") FROM "appointments" WHERE "customer_email" NOT LIKE '%@deleted.invalid'
ON CONFLICT ("email") DO NOTHING;--> statement-breakpoint
INSERT INTO "households" ("user_id")
SELECT "u"."id" FROM "users" "u"
WHERE "u"."email" IN (SELECT lower("customer_email") FROM "appointments" WHERE "customer_email" NOT LIKE '%@deleted.invalid')
ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
UPDATE "appointments" "a" SET "household_id" = "h"."id"
FROM "users" "u" JOIN "households" "h" ON "h"."user_id" = "u"."id"
WHERE "u"."email" = lower("a"."customer_email") AND "a"."customer_email" NOT LIKE '%@deleted.invalid';--> statement-breakpoint
-- Overnight stays staff made as appointments (an end and no groomer) become stays of the household,
-- without a suite (staff give one with Move) and priced only when the row was. The appointment row
-- is kept, linked to its stay, and no longer listed as an appointment. Status: Confirmed and Pending
-- (its proposed change stays on the appointment row) become confirmed, Cancelled cancelled,
-- Completed checked_out. The foreign key from the appointment to its new stay is checked at the
-- end of the statement, once both rows exist.
WITH "carried" AS (
  SELECT "id", gen_random_uuid() AS "new_stay_id"
  FROM "appointments" WHERE "ends_at" IS NOT NULL AND "groomer_id" IS NULL AND "stay_id" IS NULL
), "linked" AS (
  UPDATE "appointments" "a" SET "stay_id" = "c"."new_stay_id" FROM "carried" "c" WHERE "a"."id" = "c"."id"
  RETURNING "a".*
), "shaped" AS (
  SELECT "l".*,
    ("l"."starts_at" AT TIME ZONE 'America/Los_Angeles')::date AS "check_in",
    CASE "l"."service_id"
      WHEN 'cat-boarding' THEN 'Cat Boarding'
      WHEN 'long-term-boarding' THEN 'Long-Term Boarding'
      WHEN 'multi-cat-rooms' THEN 'Multi-Cat Rooms'
      ELSE "l"."service_id"
    END AS "service_title"
  FROM "linked" "l"
)
INSERT INTO "stays" ("id", "household_id", "status", "check_in", "check_out", "notes", "total_cents", "price_lines", "cancellation_tiers", "created_at", "updated_at")
SELECT "s"."stay_id", "s"."household_id",
  CASE "s"."status" WHEN 'Cancelled' THEN 'cancelled' WHEN 'Completed' THEN 'checked_out' ELSE 'confirmed' END,
  "s"."check_in",
  greatest(("s"."ends_at" AT TIME ZONE 'America/Los_Angeles')::date, "s"."check_in" + 1),
  concat_ws(E'\n',
    'Booked by staff as ' || "s"."service_title" || ': arrives '
      || to_char("s"."starts_at" AT TIME ZONE 'America/Los_Angeles', 'FMHH12:MI AM') || ', leaves '
      || to_char("s"."ends_at" AT TIME ZONE 'America/Los_Angeles', 'FMHH12:MI AM') || '.',
    CASE WHEN "s"."cat_names" <> '' THEN 'Cats: ' || "s"."cat_names" END,
    nullif("s"."notes", '')),
  coalesce("s"."price_cents", 0),
  CASE WHEN "s"."price_cents" IS NULL THEN '[]'::jsonb
    ELSE jsonb_build_array(jsonb_build_object('label', "s"."service_title", 'cents', "s"."price_cents")) END,
  CASE WHEN "s"."price_cents" IS NULL THEN '[]'::jsonb
    ELSE jsonb_build_array(jsonb_build_object('from', ("s"."created_at" AT TIME ZONE 'America/Los_Angeles')::date::text, 'feeCents', 0)) END,
  "s"."created_at", "s"."updated_at"
FROM "shaped" "s";--> statement-breakpoint
INSERT INTO "stay_events" ("stay_id", "kind", "actor", "detail")
SELECT "stay_id", 'carried_over', 'migration:0016',
  jsonb_build_object('appointmentId', "id", 'appointmentStatus', "status", 'serviceId', "service_id", 'createdBy', "created_by",
    'proposedStartsAt', "proposed_starts_at", 'proposedEndsAt', "proposed_ends_at")
FROM "appointments" WHERE "stay_id" IS NOT NULL;--> statement-breakpoint
-- From now on an overnight stay is a stays row; the database holds it.
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_overnight_is_a_stay" CHECK ("appointments"."ends_at" is null or "appointments"."groomer_id" is not null or "appointments"."stay_id" is not null);
