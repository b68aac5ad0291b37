ALTER TABLE "deposits" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
-- Deposits recorded before this column had their receipt sent with them (or its failure logged).
UPDATE "deposits" SET "receipt_sent_at" = "recorded_at";
