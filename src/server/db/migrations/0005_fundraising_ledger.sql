ALTER TABLE "donations" ADD COLUMN "source" text DEFAULT 'participant' NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "state" text DEFAULT 'reported' NOT NULL;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "fundraising_target" integer;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "story" text;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "new_donation_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "donations_created_idx" ON "donations" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_source" CHECK ("donations"."source" in ('participant','organiser','justgiving','gocardless'));--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_state" CHECK ("donations"."state" in ('reported','verified'));--> statement-breakpoint
-- Existing rows: organiser entries are the ones the audit log recorded as manual donations,
-- GoCardless ones carry a payment id; everything else was typed by a team on its dashboard.
-- Organiser and GoCardless entries are verified; team-typed ones wait for an organiser.
UPDATE "donations" SET "source" = 'gocardless', "state" = 'verified'
  WHERE "payment_method" = 'gocardless' OR "gocardless_payment_id" IS NOT NULL;--> statement-breakpoint
UPDATE "donations" SET "source" = 'organiser', "state" = 'verified'
  WHERE "source" = 'participant' AND "id"::text IN (SELECT "target_id" FROM "audit_log" WHERE "action" = 'donation.create' AND "target_type" = 'donation');
