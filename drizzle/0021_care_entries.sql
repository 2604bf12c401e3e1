CREATE TABLE "care_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"cat_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"meal" text,
	"eaten" text,
	"urine" boolean,
	"stool" text,
	"medication" text,
	"dose" text,
	"due_at" timestamp with time zone,
	"outcome" text,
	"remark" text,
	"corrects_id" uuid,
	"staff_user_id" uuid,
	"staff_initials" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_entries_kind" CHECK ("care_entries"."kind" in ('meal','water','litter','dose','play','note','photo')),
	CONSTRAINT "care_entries_meal" CHECK ("care_entries"."kind" <> 'meal' or ("care_entries"."meal" is not null and "care_entries"."eaten" in ('none','quarter','half','three_quarters','all'))),
	CONSTRAINT "care_entries_litter" CHECK ("care_entries"."kind" <> 'litter' or ("care_entries"."urine" is not null and "care_entries"."stool" in ('normal','soft','none'))),
	CONSTRAINT "care_entries_dose" CHECK ("care_entries"."kind" <> 'dose' or ("care_entries"."medication" is not null and "care_entries"."due_at" is not null and "care_entries"."outcome" in ('given','refused','spat_out','vomited'))),
	CONSTRAINT "care_entries_dose_remark" CHECK ("care_entries"."kind" <> 'dose' or abs(extract(epoch from ("care_entries"."at" - "care_entries"."due_at"))) <= 3600 or coalesce("care_entries"."remark", '') <> ''),
	CONSTRAINT "care_entries_note" CHECK ("care_entries"."kind" <> 'note' or coalesce("care_entries"."remark", '') <> '')
);
--> statement-breakpoint
CREATE TABLE "care_photo_variants" (
	"entry_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "care_photo_variants_entry_id_width_pk" PRIMARY KEY("entry_id","width")
);
--> statement-breakpoint
ALTER TABLE "user_roles" DROP CONSTRAINT "user_roles_role_known";--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_corrects_id_care_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."care_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_entries" ADD CONSTRAINT "care_entries_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_photo_variants" ADD CONSTRAINT "care_photo_variants_entry_id_care_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."care_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_entries_stay" ON "care_entries" USING btree ("stay_id","at");--> statement-breakpoint
CREATE INDEX "care_entries_cat_day" ON "care_entries" USING btree ("cat_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "care_entries_corrected_once" ON "care_entries" USING btree ("corrects_id");--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" in ('admin','staff'));--> statement-breakpoint
-- Written by hand (drizzle cannot express a trigger). Care entries are never edited (ADR 0157): a correction is a new row naming the old one in corrects_id. The only change an UPDATE may make is the one the foreign key makes itself, clearing staff_user_id when that person's account is deleted (their initials stay).
CREATE FUNCTION "care_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."staff_user_id" IS NULL AND (to_jsonb(NEW) - 'staff_user_id') = (to_jsonb(OLD) - 'staff_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'care entries are never edited: add a correction instead' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "care_entries_append_only" BEFORE UPDATE ON "care_entries" FOR EACH ROW EXECUTE FUNCTION "care_entries_append_only"();
