ALTER TABLE "bulk_send_recipients" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;