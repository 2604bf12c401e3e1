CREATE TABLE "groomer_days_off" (
	"groomer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "groomer_days_off_groomer_id_day_pk" PRIMARY KEY("groomer_id","day")
);
--> statement-breakpoint
CREATE TABLE "groomers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"working_hours" jsonb NOT NULL,
	"breaks" jsonb NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groomers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "grooming_services" (
	"service_id" text PRIMARY KEY NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"price_cents" integer NOT NULL,
	"bookable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "grooming_services_duration" CHECK ("grooming_services"."duration_minutes" between 15 and 480 and "grooming_services"."duration_minutes" % 15 = 0),
	CONSTRAINT "grooming_services_price" CHECK ("grooming_services"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "groomer_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cat_ids" jsonb;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "groomer_days_off" ADD CONSTRAINT "groomer_days_off_groomer_id_groomers_id_fk" FOREIGN KEY ("groomer_id") REFERENCES "public"."groomers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groomer_days_off_day" ON "groomer_days_off" USING btree ("day");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_groomer_id_groomers_id_fk" FOREIGN KEY ("groomer_id") REFERENCES "public"."groomers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_groomer" ON "appointments" USING btree ("groomer_id","starts_at") WHERE "appointments"."groomer_id" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_groom_has_end" CHECK ("appointments"."groomer_id" is null or ("appointments"."ends_at" is not null and "appointments"."cat_ids" is not null));--> statement-breakpoint
-- A groomer never has two grooms at once (ADR 0130): the database refuses an overlapping active groom, whichever process or transaction writes it. btree_gist is created by migration 0006 too.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_groomer_no_overlap" EXCLUDE USING gist ("groomer_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&) WHERE ("groomer_id" IS NOT NULL AND "status" IN ('Confirmed', 'Pending'));--> statement-breakpoint
-- One groomer on the published hours, so online grooming works on a fresh site: Monday to Friday 9-5 with the lunch hour as a break, Saturday 9-12, Sunday closed. The owners edit it in admin Grooming.
INSERT INTO "groomers" ("id", "name", "working_hours", "breaks", "sort_order") VALUES ('7c2e4a10-3b5d-4f6e-8a71-2e1f0d3c4b01', 'Groomer',
  '[[],[{"from":"09:00","to":"17:00"}],[{"from":"09:00","to":"17:00"}],[{"from":"09:00","to":"17:00"}],[{"from":"09:00","to":"17:00"}],[{"from":"09:00","to":"17:00"}],[{"from":"09:00","to":"12:00"}]]',
  '[[],[{"from":"12:00","to":"13:00"}],[{"from":"12:00","to":"13:00"}],[{"from":"12:00","to":"13:00"}],[{"from":"12:00","to":"13:00"}],[{"from":"12:00","to":"13:00"}],[]]',
  1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The grooming services of the published content, with a starting duration and price per cat.
INSERT INTO "grooming_services" ("service_id", "duration_minutes", "price_cents") VALUES
  ('full-grooming', 90, 8500),
  ('bath-and-brush', 60, 5500),
  ('lion-cuts-and-mat-removal', 120, 11000)
  ON CONFLICT DO NOTHING;
