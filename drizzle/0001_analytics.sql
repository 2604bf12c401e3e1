CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_counts_day_path_pk" PRIMARY KEY("day","path"),
	CONSTRAINT "page_view_counts_count" CHECK ("page_view_counts"."count" >= 0)
);
