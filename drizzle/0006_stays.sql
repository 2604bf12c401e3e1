CREATE TABLE "calendar_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"surcharge_percent" smallint DEFAULT 0 NOT NULL,
	"min_nights" smallint DEFAULT 1 NOT NULL,
	"free_cancellation_days" smallint,
	"late_cancellation_fee_percent" smallint,
	"closed_for_arrival" boolean DEFAULT false NOT NULL,
	"closed_for_departure" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_rules_kind" CHECK ("calendar_rules"."kind" in ('peak','blackout','closed')),
	CONSTRAINT "calendar_rules_range" CHECK ("calendar_rules"."ends_on" >= "calendar_rules"."starts_on"),
	CONSTRAINT "calendar_rules_surcharge" CHECK ("calendar_rules"."surcharge_percent" between 0 and 500),
	CONSTRAINT "calendar_rules_min_nights" CHECK ("calendar_rules"."min_nights" between 1 and 60),
	CONSTRAINT "calendar_rules_fee_percent" CHECK ("calendar_rules"."late_cancellation_fee_percent" is null or "calendar_rules"."late_cancellation_fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"message" jsonb NOT NULL,
	"stay_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_queue_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "mail_queue_status" CHECK ("mail_queue"."status" in ('queued','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "stay_cats" (
	"stay_id" uuid NOT NULL,
	"stay_suite_id" uuid NOT NULL,
	"cat_id" uuid,
	"cat_name" text,
	CONSTRAINT "stay_cats_once" UNIQUE("stay_id","cat_id")
);
--> statement-breakpoint
CREATE TABLE "stay_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"arrival_windows" jsonb NOT NULL,
	"departure_windows" jsonb NOT NULL,
	"max_nights" smallint NOT NULL,
	"free_cancellation_days" smallint NOT NULL,
	"late_cancellation_fee_percent" smallint NOT NULL,
	"medication_rate_cents" integer NOT NULL,
	"waitlist_offer_hours" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "stay_settings_single_row" CHECK ("stay_settings"."id" = 1),
	CONSTRAINT "stay_settings_max_nights" CHECK ("stay_settings"."max_nights" between 1 and 365),
	CONSTRAINT "stay_settings_fee_percent" CHECK ("stay_settings"."late_cancellation_fee_percent" between 0 and 100),
	CONSTRAINT "stay_settings_free_days" CHECK ("stay_settings"."free_cancellation_days" between 0 and 365),
	CONSTRAINT "stay_settings_offer_hours" CHECK ("stay_settings"."waitlist_offer_hours" between 1 and 168)
);
--> statement-breakpoint
CREATE TABLE "stay_suites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"suite_id" uuid NOT NULL,
	"suite_type_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "stay_suites_dates" CHECK ("stay_suites"."check_out" > "stay_suites"."check_in")
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid,
	"status" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"medication" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"total_cents" integer NOT NULL,
	"price_lines" jsonb NOT NULL,
	"cancellation_tiers" jsonb NOT NULL,
	"cancellation_fee_cents" integer,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stays_dates" CHECK ("stays"."check_out" > "stays"."check_in"),
	CONSTRAINT "stays_status" CHECK ("stays"."status" in ('offered','pending_review','confirmed','checked_in','checked_out','cancelled','declined','no_show','expired'))
);
--> statement-breakpoint
CREATE TABLE "suite_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"photo_image_id" uuid,
	"max_cats" smallint NOT NULL,
	"nightly_rate_cents" integer NOT NULL,
	"extra_cat_rate_cents" integer NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suite_types_name_unique" UNIQUE("name"),
	CONSTRAINT "suite_types_max_cats" CHECK ("suite_types"."max_cats" between 1 and 6),
	CONSTRAINT "suite_types_rates" CHECK ("suite_types"."nightly_rate_cents" >= 0 and "suite_types"."extra_cat_rate_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "suites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suite_type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"in_service" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suites_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"flex_days" smallint DEFAULT 0 NOT NULL,
	"cat_ids" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_stay_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_dates" CHECK ("waitlist_entries"."check_out" > "waitlist_entries"."check_in"),
	CONSTRAINT "waitlist_entries_flex" CHECK ("waitlist_entries"."flex_days" between 0 and 14),
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('waiting','offered','booked','withdrawn','expired'))
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD CONSTRAINT "stay_cats_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD CONSTRAINT "stay_cats_stay_suite_id_stay_suites_id_fk" FOREIGN KEY ("stay_suite_id") REFERENCES "public"."stay_suites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_cats" ADD CONSTRAINT "stay_cats_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_events" ADD CONSTRAINT "stay_events_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_suites" ADD CONSTRAINT "stay_suites_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_suites" ADD CONSTRAINT "stay_suites_suite_id_suites_id_fk" FOREIGN KEY ("suite_id") REFERENCES "public"."suites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_suites" ADD CONSTRAINT "stay_suites_suite_type_id_suite_types_id_fk" FOREIGN KEY ("suite_type_id") REFERENCES "public"."suite_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suite_types" ADD CONSTRAINT "suite_types_photo_image_id_media_images_id_fk" FOREIGN KEY ("photo_image_id") REFERENCES "public"."media_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suites" ADD CONSTRAINT "suites_suite_type_id_suite_types_id_fk" FOREIGN KEY ("suite_type_id") REFERENCES "public"."suite_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_offered_stay_id_stays_id_fk" FOREIGN KEY ("offered_stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_rules_dates" ON "calendar_rules" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "mail_queue_due" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "stay_cats_stay" ON "stay_cats" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "stay_cats_cat" ON "stay_cats" USING btree ("cat_id");--> statement-breakpoint
CREATE INDEX "stay_events_stay" ON "stay_events" USING btree ("stay_id","at");--> statement-breakpoint
CREATE INDEX "stay_suites_stay" ON "stay_suites" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "stays_household" ON "stays" USING btree ("household_id","check_in");--> statement-breakpoint
CREATE INDEX "stays_check_in" ON "stays" USING btree ("check_in");--> statement-breakpoint
CREATE INDEX "suites_suite_type" ON "suites" USING btree ("suite_type_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_waiting" ON "waitlist_entries" USING btree ("created_at") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
-- No suite is ever given to two stays for the same night (ADR 0125): the database refuses it, whichever process or transaction tries. btree_gist (contrib, a trusted extension; PGlite loads it when it opens) lets uuid equality share a GiST index with the date ranges.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "stay_suites" ADD CONSTRAINT "stay_suites_no_overlap" EXCLUDE USING gist ("suite_id" WITH =, daterange("check_in", "check_out") WITH &&) WHERE ("released_at" IS NULL);--> statement-breakpoint
-- The house rules from the published hours: arrivals and departures Monday to Friday 9-12 and 1-5 (closed for lunch), Saturday 9-12, Sunday closed.
INSERT INTO "stay_settings" ("id", "arrival_windows", "departure_windows", "max_nights", "free_cancellation_days", "late_cancellation_fee_percent", "medication_rate_cents", "waitlist_offer_hours") VALUES (1,
  '[[],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"}]]',
  '[[],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"},{"from":"13:00","to":"17:00"}],[{"from":"09:00","to":"12:00"}]]',
  30, 3, 50, 500, 24) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Starting suites, so online booking works on a fresh site; the owners rename, re-price or take them out of service in admin Rooms.
INSERT INTO "suite_types" ("id", "name", "description", "size", "max_cats", "nightly_rate_cents", "extra_cat_rate_cents", "sort_order") VALUES
  ('5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a01', 'Cozy Suite', 'A quiet private room with a window perch and a hideaway bed.', '4 ft × 3 ft × 5 ft', 2, 4500, 2500, 1),
  ('5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a02', 'Deluxe Suite', 'Two levels to climb, a window perch and room for siblings.', '5 ft × 4 ft × 6 ft', 3, 6500, 3000, 2),
  ('5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a03', 'Family Loft', 'Our largest room: three levels, a play wall and space for a whole family of cats.', '8 ft × 4 ft × 7 ft', 4, 8500, 3000, 3)
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "suites" ("suite_type_id", "name", "sort_order")
  SELECT '5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a01'::uuid, 'Cozy ' || n, n FROM generate_series(1, 6) AS n
  UNION ALL SELECT '5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a02'::uuid, 'Deluxe ' || n, 10 + n FROM generate_series(1, 4) AS n
  UNION ALL SELECT '5b1f0c3e-2d4a-4c8e-9a61-1f0e6c2b7a03'::uuid, 'Loft ' || n, 20 + n FROM generate_series(1, 2) AS n
  ON CONFLICT DO NOTHING;
