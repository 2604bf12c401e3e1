ALTER TABLE "voucher_requests" ADD COLUMN "staff_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD CONSTRAINT "voucher_requests_staff_status" CHECK ("voucher_requests"."staff_status" in ('new','contacted','booked','closed'));