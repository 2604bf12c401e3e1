-- A cat sleeps in one suite a night (ADR 0141). Each stay_cats row carries its suite row's nights and whether that row still holds its suite, so one exclusion constraint can refuse a cat in two held stays for one night, in every process and transaction.
ALTER TABLE "stay_cats" ADD COLUMN "check_in" date;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD COLUMN "check_out" date;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD COLUMN "held" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD COLUMN "overlap_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "stay_cats" SET "check_in" = ss."check_in", "check_out" = ss."check_out", "held" = ss."released_at" IS NULL FROM "stay_suites" ss WHERE ss."id" = "stay_cats"."stay_suite_id";--> statement-breakpoint
ALTER TABLE "stay_cats" ALTER COLUMN "check_in" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_cats" ALTER COLUMN "check_out" SET NOT NULL;--> statement-breakpoint
-- A deployed database may hold a cat booked twice for a night (the bug this closes). No booking is cancelled here: the later-booked stay of each such pair keeps its nights, marked overlap_allowed, and a 'cat_booked_twice' event on it tells staff which stay it clashes with, for them to settle with the household.
UPDATE "stay_cats" SET "overlap_allowed" = true
  FROM "stays" ls
  WHERE ls."id" = "stay_cats"."stay_id" AND "stay_cats"."held" AND "stay_cats"."cat_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "stay_cats" earlier JOIN "stays" es ON es."id" = earlier."stay_id"
    WHERE earlier."cat_id" = "stay_cats"."cat_id" AND earlier."held" AND earlier."stay_id" <> "stay_cats"."stay_id"
      AND daterange(earlier."check_in", earlier."check_out") && daterange("stay_cats"."check_in", "stay_cats"."check_out")
      AND (es."created_at", es."id") < (ls."created_at", ls."id"));--> statement-breakpoint
INSERT INTO "stay_events" ("stay_id", "kind", "actor", "detail")
  SELECT later."stay_id", 'cat_booked_twice', 'system:migration', jsonb_build_object('catId', later."cat_id", 'otherStayId', (
      SELECT earlier."stay_id" FROM "stay_cats" earlier JOIN "stays" es ON es."id" = earlier."stay_id"
      WHERE earlier."cat_id" = later."cat_id" AND earlier."held" AND earlier."stay_id" <> later."stay_id"
        AND daterange(earlier."check_in", earlier."check_out") && daterange(later."check_in", later."check_out")
        AND (es."created_at", es."id") < (ls."created_at", ls."id")
      ORDER BY es."created_at", es."id" LIMIT 1))
  FROM "stay_cats" later JOIN "stays" ls ON ls."id" = later."stay_id"
  WHERE later."overlap_allowed";--> statement-breakpoint
-- The copies cannot drift: a cat's row takes its nights and hold from its suite row whenever it is written (whatever the statement said), and a suite row's new nights or release reach its cats' rows in the same statement. Only this migration grants overlap_allowed (above, before the triggers): no later statement can set it, and new nights end it.
CREATE FUNCTION "stay_cats_from_suite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT ss."check_in", ss."check_out", ss."released_at" IS NULL INTO NEW."check_in", NEW."check_out", NEW."held"
    FROM "stay_suites" ss WHERE ss."id" = NEW."stay_suite_id";
  IF TG_OP = 'INSERT' THEN
    NEW."overlap_allowed" := false;
  ELSE
    NEW."overlap_allowed" := OLD."overlap_allowed" AND NEW."check_in" = OLD."check_in" AND NEW."check_out" = OLD."check_out";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stay_cats_from_suite" BEFORE INSERT OR UPDATE ON "stay_cats" FOR EACH ROW EXECUTE FUNCTION "stay_cats_from_suite"();--> statement-breakpoint
CREATE FUNCTION "stay_suites_to_cats"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "stay_cats" SET "check_in" = NEW."check_in", "check_out" = NEW."check_out", "held" = NEW."released_at" IS NULL
    WHERE "stay_suite_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stay_suites_to_cats" AFTER UPDATE OF "check_in", "check_out", "released_at" ON "stay_suites" FOR EACH ROW EXECUTE FUNCTION "stay_suites_to_cats"();--> statement-breakpoint
-- btree_gist (migration 0006) lets the cat's uuid share the GiST index with the nights.
ALTER TABLE "stay_cats" ADD CONSTRAINT "stay_cats_no_overlap" EXCLUDE USING gist ("cat_id" WITH =, daterange("check_in", "check_out") WITH &&) WHERE ("held" AND NOT "overlap_allowed");
