CREATE INDEX "appointments_created_at" ON "appointments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stays_created_at" ON "stays" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "stays_checked_out" ON "stays" USING btree ("check_out") WHERE "stays"."status" = 'checked_out';--> statement-breakpoint
CREATE INDEX "payment_refunds_created_at" ON "payment_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payments_paid_at" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'paid';