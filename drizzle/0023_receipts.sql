CREATE TABLE "receipt_counter" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"next" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "receipt_counter_single_row" CHECK ("receipt_counter"."id" = 1),
	CONSTRAINT "receipt_counter_next" CHECK ("receipt_counter"."next" >= 1)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"stay_id" uuid NOT NULL,
	"figures" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_number_unique" UNIQUE("number"),
	CONSTRAINT "receipts_stay_id_unique" UNIQUE("stay_id"),
	CONSTRAINT "receipts_number" CHECK ("receipts"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Hand-written (ADR 0154): the counter's one row, so the first receipt is number 1.
INSERT INTO "receipt_counter" ("id", "next") VALUES (1, 1) ON CONFLICT DO NOTHING;
