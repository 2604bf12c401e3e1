CREATE TABLE "sms_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"stay_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_queue_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "sms_queue_status" CHECK ("sms_queue"."status" in ('queued','sent','failed'))
);
--> statement-breakpoint
ALTER TABLE "sms_queue" ADD CONSTRAINT "sms_queue_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_queue_due" ON "sms_queue" USING btree ("next_attempt_at") WHERE "sms_queue"."status" = 'queued';