ALTER TABLE "voucher_requests" ADD COLUMN "voucher_code" text;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD COLUMN "mail_status" text;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "voucher_requests" ADD CONSTRAINT "voucher_requests_mail_status" CHECK ("voucher_requests"."mail_status" in ('sent','failed'));