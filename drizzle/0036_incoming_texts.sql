CREATE TABLE "incoming_texts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_sid" text NOT NULL,
	"from_phone" text NOT NULL,
	"to_phone" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"keyword" text,
	"household_id" uuid,
	"stay_id" uuid,
	"sender_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"done_by" text,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "incoming_texts_message_sid_unique" UNIQUE("message_sid"),
	CONSTRAINT "incoming_texts_keyword" CHECK ("incoming_texts"."keyword" is null or "incoming_texts"."keyword" in ('stop','start','help')),
	CONSTRAINT "incoming_texts_done_whole" CHECK (("incoming_texts"."done_at" is null) = ("incoming_texts"."done_by" is null))
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	"keyword" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reply_key" text NOT NULL,
	"household_id" uuid,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by" text NOT NULL,
	"sms_queue_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "text_replies_reply_key_unique" UNIQUE("reply_key")
);
--> statement-breakpoint
ALTER TABLE "sms_queue" DROP CONSTRAINT "sms_queue_status";--> statement-breakpoint
ALTER TABLE "incoming_texts" ADD CONSTRAINT "incoming_texts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_texts" ADD CONSTRAINT "incoming_texts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_replies" ADD CONSTRAINT "text_replies_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_replies" ADD CONSTRAINT "text_replies_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_replies" ADD CONSTRAINT "text_replies_sms_queue_id_sms_queue_id_fk" FOREIGN KEY ("sms_queue_id") REFERENCES "public"."sms_queue"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incoming_texts_from_received" ON "incoming_texts" USING btree ("from_phone","received_at");--> statement-breakpoint
CREATE INDEX "incoming_texts_household_received" ON "incoming_texts" USING btree ("household_id","received_at");--> statement-breakpoint
CREATE INDEX "incoming_texts_received" ON "incoming_texts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "incoming_texts_open" ON "incoming_texts" USING btree ("received_at") WHERE "incoming_texts"."done_at" is null;--> statement-breakpoint
CREATE INDEX "text_replies_to_created" ON "text_replies" USING btree ("to_phone","created_at");--> statement-breakpoint
CREATE INDEX "text_replies_household_created" ON "text_replies" USING btree ("household_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_queue" ADD CONSTRAINT "sms_queue_status" CHECK ("sms_queue"."status" in ('queued','sent','failed','withheld'));