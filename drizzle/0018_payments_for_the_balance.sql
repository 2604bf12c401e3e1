ALTER TABLE "payments" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "checkout_session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_balance" ON "payments" USING btree ("stay_id") WHERE "payments"."kind" = 'balance' and "payments"."status" = 'paid';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('deposit','balance'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method" CHECK ("payments"."method" in ('card','cash','check'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_fields" CHECK (("payments"."method" = 'card' and "payments"."provider" is not null and "payments"."checkout_session_id" is not null) or ("payments"."method" <> 'card' and "payments"."provider" is null and "payments"."checkout_session_id" is null and "payments"."status" = 'paid' and "payments"."recorded_by" is not null));