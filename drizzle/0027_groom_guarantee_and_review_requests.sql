CREATE TABLE "groom_guarantees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groom_guarantees_once" UNIQUE("appointment_id"),
	CONSTRAINT "groom_guarantees_amount" CHECK ("groom_guarantees"."amount_cents" > 0),
	CONSTRAINT "groom_guarantees_method" CHECK ("groom_guarantees"."method" in ('cash','check'))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"stay_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_requests_stay" UNIQUE("stay_id")
);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "review_requests_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groom_guarantees" ADD CONSTRAINT "groom_guarantees_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groom_guarantees_created_at" ON "groom_guarantees" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "review_requests_household" ON "review_requests" USING btree ("household_id","sent_at");