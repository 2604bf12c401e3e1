CREATE TABLE "form_submissions" (
	"key" text PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"user_id" uuid,
	"outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_incidents" ADD COLUMN "form_token" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_created" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_user" ON "form_submissions" USING btree ("user_id");--> statement-breakpoint
-- A stay given the guarantee twice before it was held once (the double post this migration ends) keeps
-- both events; the later ones are renamed so the unique index below can be built.
UPDATE "stay_events" e SET "kind" = 'guarantee_repeated' WHERE e."kind" = 'guarantee' AND EXISTS (SELECT 1 FROM "stay_events" f WHERE f."stay_id" = e."stay_id" AND f."kind" = 'guarantee' AND (f."at", f."id") < (e."at", e."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "stay_events_one_guarantee" ON "stay_events" USING btree ("stay_id") WHERE "stay_events"."kind" = 'guarantee';--> statement-breakpoint
ALTER TABLE "care_incidents" ADD CONSTRAINT "care_incidents_form_token" UNIQUE("form_token");