CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	CONSTRAINT "phone_verifications_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "phone_verifications_attempts" CHECK ("phone_verifications"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_user_id_mobile_phone" UNIQUE("user_id","mobile_phone");--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_household_mobile" FOREIGN KEY ("user_id","phone") REFERENCES "public"."households"("user_id","mobile_phone") ON DELETE cascade ON UPDATE no action;
