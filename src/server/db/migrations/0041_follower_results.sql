ALTER TABLE "team_follower_sends" ADD COLUMN "kind" text DEFAULT 'update' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "team_follower_sends_results_idx" ON "team_follower_sends" USING btree ("signup_id") WHERE kind = 'results';--> statement-breakpoint
UPDATE "team_follower_sends" SET "kind" = 'digest' WHERE "digest_day" IS NOT NULL;
