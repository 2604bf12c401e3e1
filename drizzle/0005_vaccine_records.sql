CREATE TABLE "cat_photo_variants" (
	"cat_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cat_photo_variants_cat_id_width_pk" PRIMARY KEY("cat_id","width")
);
--> statement-breakpoint
CREATE TABLE "vaccine_documents" (
	"record_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vaccine_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cat_id" uuid NOT NULL,
	"vaccine" text NOT NULL,
	"expires_on" date NOT NULL,
	"status" text DEFAULT 'awaiting_review' NOT NULL,
	"rejection_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"document_type" text NOT NULL,
	"document_name" text NOT NULL,
	"document_size" integer NOT NULL,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vaccine_records_vaccine" CHECK ("vaccine_records"."vaccine" in ('fvrcp','rabies','felv')),
	CONSTRAINT "vaccine_records_status" CHECK ("vaccine_records"."status" in ('awaiting_review','verified','rejected')),
	CONSTRAINT "vaccine_records_document_type" CHECK ("vaccine_records"."document_type" in ('image/jpeg','image/png','image/webp','application/pdf')),
	CONSTRAINT "vaccine_records_rejection_reason" CHECK (("vaccine_records"."status" = 'rejected') = ("vaccine_records"."rejection_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "vaccine_reminders" (
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vaccine_reminders_record_id_kind_pk" PRIMARY KEY("record_id","kind"),
	CONSTRAINT "vaccine_reminders_kind" CHECK ("vaccine_reminders"."kind" in ('30-days','on-the-day'))
);
--> statement-breakpoint
ALTER TABLE "cat_photo_variants" ADD CONSTRAINT "cat_photo_variants_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_documents" ADD CONSTRAINT "vaccine_documents_record_id_vaccine_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."vaccine_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_records" ADD CONSTRAINT "vaccine_records_cat_id_cats_id_fk" FOREIGN KEY ("cat_id") REFERENCES "public"."cats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccine_reminders" ADD CONSTRAINT "vaccine_reminders_record_id_vaccine_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."vaccine_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vaccine_records_current" ON "vaccine_records" USING btree ("cat_id","vaccine") WHERE "vaccine_records"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "vaccine_records_awaiting" ON "vaccine_records" USING btree ("created_at") WHERE "vaccine_records"."status" = 'awaiting_review' and "vaccine_records"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "vaccine_records_expires_on" ON "vaccine_records" USING btree ("expires_on") WHERE "vaccine_records"."replaced_at" is null;