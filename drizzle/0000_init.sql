CREATE TABLE "call_me_back_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"source_page" text,
	"consent_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_me_back_form_phone_e164_nanp" CHECK ("call_me_back_form"."phone_number" ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$')
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
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;