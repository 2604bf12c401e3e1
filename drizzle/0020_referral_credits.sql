CREATE TABLE "referral_credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_id" uuid NOT NULL,
	"seq" smallint NOT NULL,
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"referred_household_id" uuid,
	"stay_id" uuid,
	"cents" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_credit_entries_credit_seq" UNIQUE("credit_id","seq"),
	CONSTRAINT "referral_credit_entries_kind" CHECK ("referral_credit_entries"."kind" in ('granted','applied','returned','expired')),
	CONSTRAINT "referral_credit_entries_granted_first" CHECK (("referral_credit_entries"."kind" = 'granted') = ("referral_credit_entries"."seq" = 1) and ("referral_credit_entries"."kind" = 'granted') = ("referral_credit_entries"."credit_id" = "referral_credit_entries"."id")),
	CONSTRAINT "referral_credit_entries_cents" CHECK ("referral_credit_entries"."cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "referral_code" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 16) NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "referral_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_credit_entries" ADD CONSTRAINT "referral_credit_entries_credit_id_referral_credit_entries_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."referral_credit_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_entries" ADD CONSTRAINT "referral_credit_entries_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_entries" ADD CONSTRAINT "referral_credit_entries_referred_household_id_households_id_fk" FOREIGN KEY ("referred_household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credit_entries" ADD CONSTRAINT "referral_credit_entries_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credit_entries_one_per_referred" ON "referral_credit_entries" USING btree ("referred_household_id") WHERE "referral_credit_entries"."kind" = 'granted';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_credit_entries_one_per_stay" ON "referral_credit_entries" USING btree ("stay_id") WHERE "referral_credit_entries"."kind" = 'applied';--> statement-breakpoint
CREATE INDEX "referral_credit_entries_household" ON "referral_credit_entries" USING btree ("household_id","at");--> statement-breakpoint
CREATE INDEX "referral_credit_entries_stay" ON "referral_credit_entries" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "referral_credit_entries_granted_at" ON "referral_credit_entries" USING btree ("at") WHERE "referral_credit_entries"."kind" = 'granted';--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_referred_by_households_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_referral_code_unique" UNIQUE("referral_code");--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_not_self_referred" CHECK ("households"."referred_by" <> "households"."id");--> statement-breakpoint
ALTER TABLE "stays" ADD CONSTRAINT "stays_referral_credit" CHECK ("stays"."referral_credit_cents" >= 0);