CREATE TABLE "care_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"cat_id" uuid,
	"what_happened" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"what_was_done" text NOT NULL,
	"vet_called" boolean NOT NULL,
	"staff_user_id" uuid,
	"staff_initials" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_incidents_what" CHECK ("care_incidents"."what_happened" <> '' and "care_incidents"."what_was_done" <> '')
);
--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_incidents_stay" ON "care_incidents" USING btree ("stay_id","happened_at");--> statement-breakpoint
-- Written by hand (drizzle cannot express a trigger). Incidents are never edited (ADR 0165): what was recorded is what the owner was told. The only change an UPDATE may make is the one the foreign key makes itself, clearing staff_user_id when that person's account is deleted (their initials stay).
CREATE FUNCTION "care_incidents_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."staff_user_id" IS NULL AND (to_jsonb(NEW) - 'staff_user_id') = (to_jsonb(OLD) - 'staff_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'incidents are never edited: record another incident instead' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "care_incidents_append_only" BEFORE UPDATE ON "care_incidents" FOR EACH ROW EXECUTE FUNCTION "care_incidents_append_only"();
