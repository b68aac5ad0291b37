CREATE TABLE "clue_penalties" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"rally_year" integer NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"day" integer,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_penalties_points_positive" CHECK ("clue_penalties"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "team_results" ALTER COLUMN "car_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clue_penalties" ADD CONSTRAINT "clue_penalties_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_penalties" ADD CONSTRAINT "clue_penalties_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clue_penalties_year_team_idx" ON "clue_penalties" USING btree ("rally_year","signup_id");