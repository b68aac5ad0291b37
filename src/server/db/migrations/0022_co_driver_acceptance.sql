CREATE TABLE "team_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"signup_id" integer NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "co_driver_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "co_driver_user_id" uuid;--> statement-breakpoint
ALTER TABLE "signups" ADD COLUMN "co_driver_declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_signup_role_idx" ON "team_invitations" USING btree ("signup_id","role");--> statement-breakpoint
ALTER TABLE "signups" ADD CONSTRAINT "signups_co_driver_user_id_users_id_fk" FOREIGN KEY ("co_driver_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signups_co_driver_user_idx" ON "signups" USING btree ("co_driver_user_id");--> statement-breakpoint
-- Co-drivers who saw their team before acceptances existed (a verified account whose address is the
-- team's co-driver address) keep it: their acceptance is recorded as of this migration.
UPDATE "signups" SET "co_driver_user_id" = "users"."id", "co_driver_accepted_at" = now()
FROM "users"
WHERE "users"."email_verified_at" IS NOT NULL
  AND "signups"."co_driver_email" IS NOT NULL
  AND lower(trim("signups"."co_driver_email")) = lower("users"."email");
