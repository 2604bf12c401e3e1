CREATE TABLE "site_content_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" jsonb,
	"status" text NOT NULL,
	"source_revision_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_revisions_status" CHECK ("site_content_revisions"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE INDEX "site_content_revisions_key_status_id" ON "site_content_revisions" USING btree ("key","status","id");