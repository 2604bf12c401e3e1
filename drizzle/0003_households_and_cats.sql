CREATE TABLE "cats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"sex" text NOT NULL,
	"birth_date" date,
	"birth_date_estimated" boolean DEFAULT false NOT NULL,
	"spayed_neutered" text DEFAULT 'unknown' NOT NULL,
	"microchip" text,
	"colour_markings" text,
	"feeding_instructions" text,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"behaviour_notes" text,
	"felv_fiv_status" text DEFAULT 'unknown' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cats_sex" CHECK ("cats"."sex" in ('female','male')),
	CONSTRAINT "cats_spayed_neutered" CHECK ("cats"."spayed_neutered" in ('yes','no','unknown')),
	CONSTRAINT "cats_felv_fiv_status" CHECK ("cats"."felv_fiv_status" in ('unknown','negative','positive')),
	CONSTRAINT "cats_medications_list" CHECK (jsonb_typeof("cats"."medications") = 'array')
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text,
	"mobile_phone" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"vet_clinic" text,
	"vet_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "households_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "households_mobile_phone_e164" CHECK ("households"."mobile_phone" is null or "households"."mobile_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
	CONSTRAINT "households_emergency_contact_phone_e164" CHECK ("households"."emergency_contact_phone" is null or "households"."emergency_contact_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
	CONSTRAINT "households_vet_phone_e164" CHECK ("households"."vet_phone" is null or "households"."vet_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
	CONSTRAINT "households_emergency_contact_not_owner" CHECK ("households"."emergency_contact_phone" is distinct from "households"."mobile_phone" or "households"."mobile_phone" is null)
);
--> statement-breakpoint
ALTER TABLE "cats" ADD CONSTRAINT "cats_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cats_household_id" ON "cats" USING btree ("household_id");