CREATE TABLE "stay_agreement_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"signed_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"agreement_version" text NOT NULL,
	"agreement_sha256" text NOT NULL,
	"agreement_text" text NOT NULL,
	CONSTRAINT "stay_agreement_signatures_name" CHECK (length(trim("stay_agreement_signatures"."signed_name")) > 0),
	CONSTRAINT "stay_agreement_signatures_sha256" CHECK ("stay_agreement_signatures"."agreement_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "stay_check_in_reminders" (
	"stay_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_check_ins" (
	"stay_id" uuid PRIMARY KEY NOT NULL,
	"cats" jsonb NOT NULL,
	"vet_spend_limit_cents" integer NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stay_check_ins_cats_list" CHECK (jsonb_typeof("stay_check_ins"."cats") = 'array'),
	CONSTRAINT "stay_check_ins_vet_limit" CHECK ("stay_check_ins"."vet_spend_limit_cents" >= 0),
	CONSTRAINT "stay_check_ins_contact_phone_e164" CHECK ("stay_check_ins"."contact_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "stay_pickup_people" (
	"stay_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "stay_pickup_people_position" PRIMARY KEY("stay_id","position"),
	CONSTRAINT "stay_pickup_people_at_most_three" CHECK ("stay_pickup_people"."position" between 1 and 3),
	CONSTRAINT "stay_pickup_people_phone_e164" CHECK ("stay_pickup_people"."phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "stay_agreement_signatures" ADD CONSTRAINT "stay_agreement_signatures_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_check_in_reminders" ADD CONSTRAINT "stay_check_in_reminders_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_check_ins" ADD CONSTRAINT "stay_check_ins_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_pickup_people" ADD CONSTRAINT "stay_pickup_people_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stay_agreement_signatures_stay" ON "stay_agreement_signatures" USING btree ("stay_id","signed_at");--> statement-breakpoint
-- Written by hand (drizzle cannot express it): a signature of the boarding agreement is evidence, so
-- no statement may change one; signing again adds a row (the latest counts), and the account's
-- deletion deletes the rows (ADR 0158).
CREATE FUNCTION "stay_agreement_signatures_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a signature of the boarding agreement is never changed' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stay_agreement_signatures_unchanged" BEFORE UPDATE ON "stay_agreement_signatures" FOR EACH ROW EXECUTE FUNCTION "stay_agreement_signatures_unchanged"();
