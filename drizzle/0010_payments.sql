CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "payment_refunds_amount" CHECK ("payment_refunds"."amount_cents" > 0),
	CONSTRAINT "payment_refunds_status" CHECK ("payment_refunds"."status" in ('pending','succeeded'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"checkout_session_id" text NOT NULL,
	"payment_intent_id" text,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_checkout_session_id_unique" UNIQUE("checkout_session_id"),
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('stripe','simulated')),
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('pending','paid','expired')),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount_cents" > 0 and "payments"."refunded_cents" between 0 and "payments"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "stays" DROP CONSTRAINT "stays_status";--> statement-breakpoint
ALTER TABLE "calendar_rules" ADD COLUMN "deposit_percent" smallint;--> statement-breakpoint
ALTER TABLE "calendar_rules" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_pending" ON "payment_refunds" USING btree ("created_at") WHERE "payment_refunds"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_stay" ON "payments" USING btree ("stay_id");--> statement-breakpoint
ALTER TABLE "calendar_rules" ADD CONSTRAINT "calendar_rules_deposit" CHECK (("calendar_rules"."deposit_percent" is null or "calendar_rules"."deposit_cents" is null) and ("calendar_rules"."deposit_percent" is null or "calendar_rules"."deposit_percent" between 1 and 100) and ("calendar_rules"."deposit_cents" is null or "calendar_rules"."deposit_cents" > 0));--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_deposit" CHECK ("stays"."deposit_cents" >= 0 and "stays"."deposit_cents" <= "stays"."total_cents");--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_status" CHECK ("stays"."status" in ('offered','awaiting_payment','pending_review','confirmed','checked_in','checked_out','cancelled','declined','no_show','expired'));