CREATE TABLE "appointment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"error" text,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_email" text NOT NULL,
	"service_id" text NOT NULL,
	"cat_names" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'Confirmed' NOT NULL,
	"proposed_starts_at" timestamp with time zone,
	"proposed_ends_at" timestamp with time zone,
	"reminder_phone" text,
	"notes" text DEFAULT '' NOT NULL,
	"auto_reminder" boolean DEFAULT false NOT NULL,
	"auto_reminder_sent_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('Confirmed','Pending','Cancelled','Completed')),
	CONSTRAINT "appointments_ends_after_start" CHECK ("appointments"."ends_at" is null or "appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_reminder_phone" CHECK ("appointments"."reminder_phone" is null or "appointments"."reminder_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reminders_appointment" ON "appointment_reminders" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_email" ON "appointments" USING btree ("customer_email","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_at" ON "appointments" USING btree ("starts_at");