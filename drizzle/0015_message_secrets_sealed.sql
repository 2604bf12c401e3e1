ALTER TABLE "mail_queue" ADD COLUMN "sealed" text;--> statement-breakpoint
ALTER TABLE "sms_queue" ADD COLUMN "sealed" text;