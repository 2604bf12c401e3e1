-- The trigram operator classes of the search indexes below. pg_trgm ships with PostgreSQL (contrib) and is a trusted extension, so a database owner may create it; PGlite loads it when it opens (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "appointments_change_requests" ON "appointments" USING btree ("proposed_starts_at") WHERE "appointments"."proposed_starts_at" is not null;--> statement-breakpoint
CREATE INDEX "call_me_back_form_staff_status_created_at" ON "call_me_back_form" USING btree ("staff_status","created_at");--> statement-breakpoint
CREATE INDEX "call_me_back_form_call_status_created_at" ON "call_me_back_form" USING btree ("call_status","created_at");--> statement-breakpoint
CREATE INDEX "call_me_back_form_phone_trgm" ON "call_me_back_form" USING gin ("phone_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "newsletter_signups_created_at_id" ON "newsletter_signups" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_signups_email_trgm" ON "newsletter_signups" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "voucher_requests_staff_status_created_at" ON "voucher_requests" USING btree ("staff_status","created_at");--> statement-breakpoint
CREATE INDEX "voucher_requests_name_trgm" ON "voucher_requests" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "voucher_requests_email_trgm" ON "voucher_requests" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "voucher_requests_phone_trgm" ON "voucher_requests" USING gin ("phone" gin_trgm_ops) WITH (fastupdate=false);