CREATE TABLE "deposits" (
	"signup_id" integer PRIMARY KEY NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" text NOT NULL,
	"paid_on" date NOT NULL,
	"source" text NOT NULL,
	"provider_payment_id" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gocardless_events" (
	"id" text PRIMARY KEY NOT NULL,
	"resource_type" text NOT NULL,
	"action" text NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gocardless_events_payment_idx" ON "gocardless_events" USING btree ("payment_id","created_at");