-- The admin Customers search (ADR 0123): keyset pages over households, trigram search on names, mobile numbers and account e-mails.
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "households_created_at_id" ON "households" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "households_name_trgm" ON "households" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "households_mobile_phone_trgm" ON "households" USING gin ("mobile_phone" gin_trgm_ops) WITH (fastupdate=false);