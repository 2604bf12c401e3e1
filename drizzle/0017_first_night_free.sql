ALTER TABLE "voucher_requests" ADD COLUMN "redeemed_stay_id" uuid;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD COLUMN "redeemed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_settings" ADD COLUMN "first_night_free_min_nights" smallint DEFAULT 3;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "first_night_free_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD CONSTRAINT "voucher_requests_redeemed_stay_id_stays_id_fk" FOREIGN KEY ("redeemed_stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_requests_code" ON "voucher_requests" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "voucher_requests_email" ON "voucher_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "stays_one_first_night_free" ON "stays" USING btree ("household_id") WHERE "stays"."first_night_free_cents" > 0 and "stays"."status" not in ('cancelled','declined','expired');--> statement-breakpoint
ALTER TABLE "stay_settings" ADD CONSTRAINT "stay_settings_first_night_free" CHECK ("stay_settings"."first_night_free_min_nights" between 1 and 365);--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_first_night_free" CHECK ("stays"."first_night_free_cents" >= 0);