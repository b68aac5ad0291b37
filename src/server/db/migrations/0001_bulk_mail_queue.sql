CREATE TABLE "email_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "site_url" text;--> statement-breakpoint
CREATE INDEX "bulk_send_recipients_token_idx" ON "bulk_send_recipients" USING btree ("unsubscribe_token");