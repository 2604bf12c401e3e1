CREATE TABLE "stay_pickup_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stay_id" uuid NOT NULL,
	"day" date NOT NULL,
	"person" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "stay_pickup_codes_once_a_day" UNIQUE("stay_id","day","person"),
	CONSTRAINT "stay_pickup_codes_person" CHECK ("stay_pickup_codes"."person" between 0 and 3),
	CONSTRAINT "stay_pickup_codes_phone_e164" CHECK ("stay_pickup_codes"."phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
	CONSTRAINT "stay_pickup_codes_hash" CHECK ("stay_pickup_codes"."code_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "stay_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"code_id" uuid,
	"collected_by" text,
	"override_reason" text,
	"staff_user_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stay_releases_once" UNIQUE("stay_id"),
	CONSTRAINT "stay_releases_code_or_reason" CHECK (("stay_releases"."code_id" is not null and "stay_releases"."collected_by" is not null and "stay_releases"."override_reason" is null) or ("stay_releases"."code_id" is null and "stay_releases"."collected_by" is null and "stay_releases"."override_reason" is not null and length(trim("stay_releases"."override_reason")) > 0))
);
--> statement-breakpoint
ALTER TABLE "stay_pickup_codes" ADD CONSTRAINT "stay_pickup_codes_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_releases" ADD CONSTRAINT "stay_releases_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_releases" ADD CONSTRAINT "stay_releases_code_id_stay_pickup_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."stay_pickup_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_releases_code" ON "stay_releases" USING btree ("code_id");--> statement-breakpoint
-- Written by hand (drizzle cannot express it): a release is the record of who collected the cat, so
-- no statement may change one; the stay's deletion (and the account's) still deletes it (ADR 0162).
CREATE FUNCTION "stay_releases_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a release of a cat is never changed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stay_releases_unchanged" BEFORE UPDATE ON "stay_releases" FOR EACH ROW EXECUTE FUNCTION "stay_releases_unchanged"();
