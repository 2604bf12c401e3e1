CREATE TABLE "care_diary_sends" (
	"household_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "care_diary_sends_household_id_day_pk" PRIMARY KEY("household_id","day")
);
--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "diary_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "care_diary_sends" ADD CONSTRAINT "care_diary_sends_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;