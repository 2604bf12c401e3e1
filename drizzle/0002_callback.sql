CREATE TABLE "telephony_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"sid" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_events_kind" CHECK ("telephony_events"."kind" in ('call','sms')),
	CONSTRAINT "telephony_events_provider" CHECK ("telephony_events"."provider" in ('twilio','simulated'))
);
--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "ip_hash" text;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "call_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "call_sid" text;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "call_error" text;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "staff_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "telephony_events_created_at" ON "telephony_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "call_me_back_form_created_at" ON "call_me_back_form" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "call_me_back_form_phone_created_at" ON "call_me_back_form" USING btree ("phone_number","created_at");--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD CONSTRAINT "call_me_back_form_call_status" CHECK ("call_me_back_form"."call_status" in ('pending','placed','simulated','failed','paused'));--> statement-breakpoint
ALTER TABLE "call_me_back_form" ADD CONSTRAINT "call_me_back_form_staff_status" CHECK ("call_me_back_form"."staff_status" in ('new','contacted','booked','closed'));