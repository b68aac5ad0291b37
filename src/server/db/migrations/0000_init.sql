CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_send_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"bulk_send_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"unsubscribe_token" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"recipient_type" text NOT NULL,
	"only_opted_in" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" char(3) DEFAULT 'GBP' NOT NULL,
	"donor_name" text,
	"donor_email" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"payment_method" text NOT NULL,
	"gocardless_payment_id" text,
	"gocardless_status" text,
	"message" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount" > 0),
	CONSTRAINT "donations_payment_method" CHECK ("donations"."payment_method" in ('gocardless','justgiving','cash','cheque','bank_transfer','other'))
);
--> statement-breakpoint
CREATE TABLE "email_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historic_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"rank" integer,
	"car_number" integer,
	"team_name" text,
	"driver_first_name" text,
	"driver_last_name" text,
	"co_driver_first_name" text,
	"co_driver_last_name" text,
	"car_model" text,
	"total_score" integer,
	"email" text,
	"co_driver_email" text,
	"email_opt_in" boolean,
	"co_driver_email_opt_in" boolean,
	"unsubscribe_token" text,
	"co_driver_unsubscribe_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historic_participants_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "historic_participants_co_driver_unsubscribe_token_unique" UNIQUE("co_driver_unsubscribe_token")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"rally_year" integer NOT NULL,
	"team_name" text NOT NULL,
	"driver_first_name" text NOT NULL,
	"driver_last_name" text NOT NULL,
	"driver_email" text NOT NULL,
	"driver_phone" text NOT NULL,
	"driver_address" text NOT NULL,
	"driver_passport" text,
	"co_driver_first_name" text,
	"co_driver_last_name" text,
	"co_driver_email" text,
	"co_driver_phone" text,
	"co_driver_address" text,
	"co_driver_passport" text,
	"car_make" text,
	"car_model" text,
	"car_year" integer,
	"car_registration" text,
	"car_image_url" text,
	"previous_rally" boolean DEFAULT false NOT NULL,
	"previous_rally_years" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"dietary_requirements" text,
	"medical_conditions" text,
	"emergency_contact_name" text NOT NULL,
	"emergency_contact_phone" text NOT NULL,
	"emergency_contact_relationship" text NOT NULL,
	"sponsors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"just_giving_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_name" text NOT NULL,
	"driver_name" text NOT NULL,
	"co_driver_name" text,
	"bio" text NOT NULL,
	"car_make" text,
	"car_model" text,
	"car_year" integer,
	"vehicle_description" text,
	"vehicle_image_url" text,
	"team_image_url" text,
	"rallies_participated" text[] DEFAULT '{}'::text[] NOT NULL,
	"total_rallies" integer DEFAULT 0 NOT NULL,
	"best_finish" text,
	"is_featured" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text,
	"first_name" text,
	"last_name" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ADD CONSTRAINT "bulk_send_recipients_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_recipients_unique" ON "bulk_send_recipients" USING btree ("bulk_send_id",lower("email"));--> statement-breakpoint
CREATE INDEX "bulk_send_recipients_status_idx" ON "bulk_send_recipients" USING btree ("bulk_send_id","status");--> statement-breakpoint
CREATE INDEX "donations_signup_idx" ON "donations" USING btree ("signup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_updates_email_lower_idx" ON "email_updates" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "historic_participants_year_idx" ON "historic_participants" USING btree ("year");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signups_user_idx" ON "signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signups_driver_email_idx" ON "signups" USING btree (lower("driver_email"));--> statement-breakpoint
CREATE INDEX "signups_year_idx" ON "signups" USING btree ("rally_year");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));