CREATE TABLE "groom_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"recorded_by" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groom_payments_once" UNIQUE("appointment_id"),
	CONSTRAINT "groom_payments_amount" CHECK ("groom_payments"."amount_cents" > 0),
	CONSTRAINT "groom_payments_method" CHECK ("groom_payments"."method" in ('card','cash','check'))
);
--> statement-breakpoint
CREATE TABLE "stay_bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cents" integer NOT NULL,
	"appointment_id" uuid,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stay_bill_lines_one_groom" UNIQUE("appointment_id"),
	CONSTRAINT "stay_bill_lines_kind" CHECK ("stay_bill_lines"."kind" in ('late_pickup','vet_bill','retail','tip','discount','groom')),
	CONSTRAINT "stay_bill_lines_cents" CHECK (("stay_bill_lines"."kind" = 'discount' and "stay_bill_lines"."cents" between -1000000 and -1) or ("stay_bill_lines"."kind" <> 'discount' and "stay_bill_lines"."cents" between 1 and 1000000)),
	CONSTRAINT "stay_bill_lines_groom" CHECK (("stay_bill_lines"."kind" = 'groom') = ("stay_bill_lines"."appointment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "groom_payments" ADD CONSTRAINT "groom_payments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_bill_lines" ADD CONSTRAINT "stay_bill_lines_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stay_bill_lines" ADD CONSTRAINT "stay_bill_lines_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groom_payments_paid_at" ON "groom_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "stay_bill_lines_stay" ON "stay_bill_lines" USING btree ("stay_id");