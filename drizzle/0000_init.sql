CREATE TABLE "page_view_counts" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_view_counts_day_path_pk" PRIMARY KEY("day","path"),
	CONSTRAINT "page_view_counts_count" CHECK ("page_view_counts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"provider_sid" text,
	"error" text,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_email" text NOT NULL,
	"service_id" text NOT NULL,
	"cat_names" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'Confirmed' NOT NULL,
	"proposed_starts_at" timestamp with time zone,
	"proposed_ends_at" timestamp with time zone,
	"reminder_phone" text,
	"notes" text DEFAULT '' NOT NULL,
	"auto_reminder" boolean DEFAULT false NOT NULL,
	"auto_reminder_sent_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" in ('Confirmed','Pending','Cancelled','Completed')),
	CONSTRAINT "appointments_ends_after_start" CHECK ("appointments"."ends_at" is null or "appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_reminder_phone" CHECK ("appointments"."reminder_phone" is null or "appointments"."reminder_phone" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"method" text NOT NULL,
	"signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_ins_method_known" CHECK ("sign_ins"."method" in ('link', 'code'))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"redirect_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "verifications_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "verifications_redirect_relative" CHECK ("verifications"."redirect_to" is null or ("verifications"."redirect_to" like '/%' and "verifications"."redirect_to" not like '//%'))
);
--> statement-breakpoint
CREATE TABLE "site_content_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"value" jsonb,
	"status" text NOT NULL,
	"source_revision_id" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_revisions_status" CHECK ("site_content_revisions"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "call_me_back_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"source_page" text,
	"consent_text" text,
	"ip_hash" text,
	"user_agent" text,
	"call_status" text DEFAULT 'pending' NOT NULL,
	"call_sid" text,
	"call_error" text,
	"staff_status" text DEFAULT 'new' NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_me_back_form_phone_e164_nanp" CHECK ("call_me_back_form"."phone_number" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
	CONSTRAINT "call_me_back_form_call_status" CHECK ("call_me_back_form"."call_status" in ('pending','placed','simulated','failed','paused')),
	CONSTRAINT "call_me_back_form_staff_status" CHECK ("call_me_back_form"."staff_status" in ('new','contacted','booked','closed'))
);
--> statement-breakpoint
CREATE TABLE "test_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_name" text NOT NULL,
	"endpoint" text NOT NULL,
	"method" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"timeout_seconds" integer DEFAULT 30 NOT NULL,
	"retry_count" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_configurations_test_name_unique" UNIQUE("test_name"),
	CONSTRAINT "test_configurations_method" CHECK ("test_configurations"."method" in ('GET','POST','PUT','PATCH','DELETE')),
	CONSTRAINT "test_configurations_timeout" CHECK ("test_configurations"."timeout_seconds" between 1 and 300),
	CONSTRAINT "test_configurations_retry" CHECK ("test_configurations"."retry_count" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "wordpress_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_name" text NOT NULL,
	"url" text NOT NULL,
	"username" text NOT NULL,
	"password_ciphertext" text NOT NULL,
	"key_id" text NOT NULL,
	"last_tested_at" timestamp with time zone,
	"last_test_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wordpress_connections_connection_name_unique" UNIQUE("connection_name")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_recent_events" (
	"key" text PRIMARY KEY NOT NULL,
	"event_times" timestamp with time zone[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_window_counts" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_window_counts_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_window_counts_count" CHECK ("rate_limit_window_counts"."count" > 0)
);
--> statement-breakpoint
CREATE TABLE "telephony_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"sid" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_events_kind" CHECK ("telephony_events"."kind" in ('call','sms')),
	CONSTRAINT "telephony_events_provider" CHECK ("telephony_events"."provider" in ('twilio','simulated'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"source_page" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voucher_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"source_page" text NOT NULL,
	"staff_status" text DEFAULT 'new' NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_requests_staff_status" CHECK ("voucher_requests"."staff_status" in ('new','contacted','booked','closed'))
);
--> statement-breakpoint
CREATE TABLE "media_image_variants" (
	"image_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "media_image_variants_image_id_width_pk" PRIMARY KEY("image_id","width")
);
--> statement-breakpoint
CREATE TABLE "media_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"source_type" text NOT NULL,
	"source_width" integer NOT NULL,
	"source_height" integer NOT NULL,
	"source_bytes" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_images_purpose" CHECK ("media_images"."purpose" in ('review', 'team'))
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_image_variants" ADD CONSTRAINT "media_image_variants_image_id_media_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reminders_appointment" ON "appointment_reminders" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_email" ON "appointments" USING btree ("customer_email","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_at" ON "appointments" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_ins_signed_in_at" ON "sign_ins" USING btree ("signed_in_at");--> statement-breakpoint
CREATE INDEX "verifications_email" ON "verifications" USING btree ("email");--> statement-breakpoint
CREATE INDEX "site_content_revisions_key_status_id" ON "site_content_revisions" USING btree ("key","status","id");--> statement-breakpoint
CREATE INDEX "call_me_back_form_created_at" ON "call_me_back_form" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "call_me_back_form_phone_created_at" ON "call_me_back_form" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "telephony_events_created_at" ON "telephony_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_email" ON "newsletter_signups" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_signups_unsubscribe_token_hash" ON "newsletter_signups" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "voucher_requests_created_at" ON "voucher_requests" USING btree ("created_at");