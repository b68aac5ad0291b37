ALTER TABLE "all_ok_check_ins" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue_check_ins" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue_hint_takes" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_updates" ADD COLUMN "made_at" timestamp with time zone;