CREATE TABLE "stay_pickup_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stay_id" uuid NOT NULL,
	"day" date NOT NULL,
	"number" smallint NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "stay_pickup_attempts_numbered" UNIQUE("stay_id","day","number"),
	CONSTRAINT "stay_pickup_attempts_at_most_ten" CHECK ("stay_pickup_attempts"."number" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "stay_pickup_attempts" ADD CONSTRAINT "stay_pickup_attempts_stay_id_stays_id_fk" FOREIGN KEY ("stay_id") REFERENCES "public"."stays"("id") ON DELETE cascade ON UPDATE no action;