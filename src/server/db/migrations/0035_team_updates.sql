CREATE TABLE "team_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"author_user_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"body" text NOT NULL,
	"photo_url" text,
	"photo_upload_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by_user_id" uuid,
	"hidden_reason" text
);
--> statement-breakpoint
ALTER TABLE "team_updates" ADD CONSTRAINT "team_updates_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_updates" ADD CONSTRAINT "team_updates_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_updates" ADD CONSTRAINT "team_updates_hidden_by_user_id_users_id_fk" FOREIGN KEY ("hidden_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_updates_client_idx" ON "team_updates" USING btree ("signup_id","client_id");--> statement-breakpoint
CREATE INDEX "team_updates_team_idx" ON "team_updates" USING btree ("signup_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_updates_visible_idx" ON "team_updates" USING btree ("created_at" DESC NULLS LAST) WHERE "team_updates"."hidden_at" is null;