CREATE TABLE "team_follower_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_follower_pushes" ADD CONSTRAINT "team_follower_pushes_follower_id_team_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."team_followers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_follower_pushes_follow_endpoint_idx" ON "team_follower_pushes" USING btree ("follower_id","endpoint");