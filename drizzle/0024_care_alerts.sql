CREATE TABLE "care_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"cat_id" uuid NOT NULL,
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"urgent" boolean NOT NULL,
	"detail" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sms_sent_at" timestamp with time zone,
	"acknowledged_by_user_id" uuid,
	"acknowledged_by" text,
	"acknowledged_at" timestamp with time zone,
	CONSTRAINT "care_alerts_rule" CHECK ("care_alerts"."rule" in ('no_food_24h','no_urine_24h','no_stool_72h','dose_overdue','no_entry_today','weight_change')),
	CONSTRAINT "care_alerts_acknowledged_whole" CHECK (("care_alerts"."acknowledged_at" is null) = ("care_alerts"."acknowledged_by" is null))
);
--> statement-breakpoint
ALTER TABLE "stay_settings" ADD COLUMN "manager_mobile" text;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_acknowledged_by_user_id_users_id_fk" FOREIGN KEY ("acknowledged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_alerts_once" ON "care_alerts" USING btree ("stay_id","cat_id","rule","key");--> statement-breakpoint
CREATE INDEX "care_alerts_open" ON "care_alerts" USING btree ("raised_at") WHERE "care_alerts"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "care_alerts_acknowledged" ON "care_alerts" USING btree ("acknowledged_at");--> statement-breakpoint
-- Written by hand (drizzle cannot express a trigger). An alert's facts never change (ADR 0164), and who acknowledged it and when, and the manager's text's claim, are set once: an UPDATE may only fill an empty acknowledgement or sms_sent_at, and the foreign key may clear acknowledged_by_user_id when that person's account is deleted (their initials stay).
CREATE FUNCTION "care_alerts_set_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at')
       = (to_jsonb(OLD) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at')
     AND (OLD."acknowledged_at" IS NULL
          OR (NEW."acknowledged_at" = OLD."acknowledged_at" AND NEW."acknowledged_by" = OLD."acknowledged_by"
              AND (NEW."acknowledged_by_user_id" IS NOT DISTINCT FROM OLD."acknowledged_by_user_id" OR NEW."acknowledged_by_user_id" IS NULL)))
     AND (OLD."sms_sent_at" IS NULL OR NEW."sms_sent_at" = OLD."sms_sent_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a care alert is acknowledged once and its text claimed once' USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "care_alerts_set_once" BEFORE UPDATE ON "care_alerts" FOR EACH ROW EXECUTE FUNCTION "care_alerts_set_once"();
