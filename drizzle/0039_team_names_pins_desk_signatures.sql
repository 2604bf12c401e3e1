ALTER TABLE "stay_agreement_signatures" ADD COLUMN "witness_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "override_pin_hash" text;--> statement-breakpoint
ALTER TABLE "stay_releases" ADD COLUMN "confirmed_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "stay_releases" ADD COLUMN "confirmed_by_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_full_name_length" CHECK ("users"."full_name" is null or length(trim("users"."full_name")) between 1 and 100);