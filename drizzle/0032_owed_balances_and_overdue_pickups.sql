DROP INDEX "payments_one_paid_balance";--> statement-breakpoint
ALTER TABLE "stay_settings" ADD COLUMN "late_pickup_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "settles_total_cents" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "stay_events_once" ON "stay_events" USING btree ("stay_id","kind") WHERE "stay_events"."kind" in ('owed_reminder','overdue_pickup_texted','late_pickup_fee');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_balance" ON "payments" USING btree ("stay_id","settles_total_cents") WHERE "payments"."kind" = 'balance' and "payments"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "stay_settings" ADD CONSTRAINT "stay_settings_late_pickup_fee" CHECK ("stay_settings"."late_pickup_fee_cents" >= 0);--> statement-breakpoint
-- hand-written below
-- Each balance taken before this migration settled its stay's price as it then stood, which no overdue night had changed yet.
UPDATE "payments" SET "settles_total_cents" = s."total_cents" FROM "stays" s WHERE s."id" = "payments"."stay_id" AND "payments"."kind" = 'balance';
