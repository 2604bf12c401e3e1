CREATE TABLE "dose_claims" (
	"cat_id" uuid NOT NULL,
	"medication" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"stay_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	CONSTRAINT "dose_claims_cat_id_medication_due_at_pk" PRIMARY KEY("cat_id","medication","due_at")
);
--> statement-breakpoint
ALTER TABLE "care_alerts" DROP CONSTRAINT "care_alerts_rule";--> statement-breakpoint
ALTER TABLE "care_alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_settings" ADD COLUMN "owner_mobile" text;--> statement-breakpoint
ALTER TABLE "dose_claims" ADD CONSTRAINT "dose_claims_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_claims" ADD CONSTRAINT "dose_claims_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dose_claims" ADD CONSTRAINT "dose_claims_entry_id_care_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."care_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dose_claims_entry" ON "dose_claims" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "dose_claims_stay" ON "dose_claims" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "care_alerts_to_escalate" ON "care_alerts" USING btree ("raised_at") WHERE "care_alerts"."urgent" and "care_alerts"."acknowledged_at" is null and "care_alerts"."escalated_at" is null;--> statement-breakpoint
ALTER TABLE "care_alerts" ADD CONSTRAINT "care_alerts_rule" CHECK ("care_alerts"."rule" in ('no_food_24h','no_urine_24h','no_stool_72h','dose_overdue','no_entry_today','weight_change','incident'));--> statement-breakpoint
-- hand-written below
-- An alert's facts never change (ADR 0164): its acknowledgement, the manager's text's claim and now the owner's text's claim (escalated_at, ADR 0188) are each set once.
CREATE OR REPLACE FUNCTION "care_alerts_set_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at' - 'escalated_at')
       = (to_jsonb(OLD) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at' - 'escalated_at')
     AND (OLD."acknowledged_at" IS NULL
          OR (NEW."acknowledged_at" = OLD."acknowledged_at" AND NEW."acknowledged_by" = OLD."acknowledged_by"
              AND (NEW."acknowledged_by_user_id" IS NOT DISTINCT FROM OLD."acknowledged_by_user_id" OR NEW."acknowledged_by_user_id" IS NULL)))
     AND (OLD."sms_sent_at" IS NULL OR NEW."sms_sent_at" = OLD."sms_sent_at")
     AND (OLD."escalated_at" IS NULL OR NEW."escalated_at" = OLD."escalated_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a care alert is acknowledged once and each of its texts claimed once' USING ERRCODE = 'check_violation';
END
$$;
