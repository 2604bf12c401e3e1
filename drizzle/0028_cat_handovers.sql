CREATE TABLE "cat_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"cat_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"doses" jsonb NOT NULL,
	"belongings" text NOT NULL,
	"override_reason" text,
	"staff_user_id" uuid,
	"staff_initials" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "cat_handovers_direction" CHECK ("cat_handovers"."direction" in ('arrival','departure')),
	CONSTRAINT "cat_handovers_weight" CHECK ("cat_handovers"."weight_grams" between 100 and 30000),
	CONSTRAINT "cat_handovers_doses_list" CHECK (jsonb_typeof("cat_handovers"."doses") = 'array')
);
--> statement-breakpoint
ALTER TABLE "cat_handovers" ADD CONSTRAINT "cat_handovers_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cat_handovers" ADD CONSTRAINT "cat_handovers_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cat_handovers" ADD CONSTRAINT "cat_handovers_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cat_handovers_once" ON "cat_handovers" USING btree ("stay_id","cat_id","direction");--> statement-breakpoint
CREATE INDEX "cat_handovers_cat" ON "cat_handovers" USING btree ("cat_id");--> statement-breakpoint
-- Written by hand (drizzle cannot express a trigger). A hand-over is never edited (ADR 0161): what was weighed and counted at the desk stays as it was. The only change an UPDATE may make is the one the foreign key makes itself, clearing staff_user_id when that person's account is deleted (their initials stay).
CREATE FUNCTION "cat_handovers_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."staff_user_id" IS NULL AND (to_jsonb(NEW) - 'staff_user_id') = (to_jsonb(OLD) - 'staff_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a hand-over at the desk is never changed' USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "cat_handovers_append_only" BEFORE UPDATE ON "cat_handovers" FOR EACH ROW EXECUTE FUNCTION "cat_handovers_append_only"();
