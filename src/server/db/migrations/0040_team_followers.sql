CREATE TABLE "team_follower_pauses" (
	"signup_id" integer PRIMARY KEY NOT NULL,
	"paused_by_user_id" uuid,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_follower_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"team_update_id" integer,
	"digest_day" text,
	"update_ids" integer[] NOT NULL,
	"bulk_send_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_follower_sends_team_update_id_unique" UNIQUE("team_update_id")
);
--> statement-breakpoint
CREATE TABLE "team_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"token" text NOT NULL,
	"daily_digest" boolean DEFAULT false NOT NULL,
	"keep_after_results" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_followers_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "team_follower_pauses" ADD CONSTRAINT "team_follower_pauses_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_follower_pauses" ADD CONSTRAINT "team_follower_pauses_paused_by_user_id_users_id_fk" FOREIGN KEY ("paused_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_follower_sends" ADD CONSTRAINT "team_follower_sends_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_follower_sends" ADD CONSTRAINT "team_follower_sends_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_followers" ADD CONSTRAINT "team_followers_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_follower_sends_digest_idx" ON "team_follower_sends" USING btree ("signup_id","digest_day");--> statement-breakpoint
CREATE INDEX "team_follower_sends_bulk_idx" ON "team_follower_sends" USING btree ("bulk_send_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_followers_team_email_idx" ON "team_followers" USING btree ("signup_id","email");--> statement-breakpoint
CREATE INDEX "team_followers_email_idx" ON "team_followers" USING btree ("email");