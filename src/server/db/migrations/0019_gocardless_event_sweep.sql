CREATE TABLE "gocardless_rejected_events" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"event_id" text,
	"problem" text NOT NULL,
	"payload" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gocardless_events" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gocardless_events" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gocardless_events_unprocessed_idx" ON "gocardless_events" USING btree ("received_at") WHERE "gocardless_events"."processed_at" is null;