DROP INDEX "care_alerts_open";--> statement-breakpoint
DROP INDEX "care_alerts_to_escalate";--> statement-breakpoint
ALTER TABLE "care_alerts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "care_alerts_open" ON "care_alerts" USING btree ("raised_at") WHERE "care_alerts"."acknowledged_at" is null and "care_alerts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "care_alerts_to_escalate" ON "care_alerts" USING btree ("raised_at") WHERE "care_alerts"."urgent" and "care_alerts"."acknowledged_at" is null and "care_alerts"."closed_at" is null and "care_alerts"."escalated_at" is null;--> statement-breakpoint
-- hand-written below
-- An alert's facts never change (ADR 0164): its acknowledgement, its texts' claims (ADR 0188) and now its closing when the cat went home (closed_at, ADR 0197) are each set once.
CREATE OR REPLACE FUNCTION "care_alerts_set_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at' - 'escalated_at' - 'closed_at')
       = (to_jsonb(OLD) - 'acknowledged_by_user_id' - 'acknowledged_by' - 'acknowledged_at' - 'sms_sent_at' - 'escalated_at' - 'closed_at')
     AND (OLD."acknowledged_at" IS NULL
          OR (NEW."acknowledged_at" = OLD."acknowledged_at" AND NEW."acknowledged_by" = OLD."acknowledged_by"
              AND (NEW."acknowledged_by_user_id" IS NOT DISTINCT FROM OLD."acknowledged_by_user_id" OR NEW."acknowledged_by_user_id" IS NULL)))
     AND (OLD."sms_sent_at" IS NULL OR NEW."sms_sent_at" = OLD."sms_sent_at")
     AND (OLD."escalated_at" IS NULL OR NEW."escalated_at" = OLD."escalated_at")
     AND (OLD."closed_at" IS NULL OR NEW."closed_at" = OLD."closed_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a care alert is acknowledged once, closed once and each of its texts claimed once' USING ERRCODE = 'check_violation';
END
$$;
