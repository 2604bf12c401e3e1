ALTER TABLE "stay_bill_lines" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stay_bill_lines" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "stay_bill_lines" ADD CONSTRAINT "stay_bill_lines_removed" CHECK (("stay_bill_lines"."removed_at" is null) = ("stay_bill_lines"."removed_by" is null));