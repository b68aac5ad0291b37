CREATE TABLE "justgiving_pages" (
	"signup_id" integer PRIMARY KEY NOT NULL,
	"page_short_name" text NOT NULL,
	"raised_online" bigint,
	"raised_offline" bigint,
	"gift_aid" bigint,
	"total" bigint,
	"target" bigint,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "hide_amount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD CONSTRAINT "justgiving_pages_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donations_one_justgiving_line" ON "donations" USING btree ("signup_id") WHERE "donations"."source" = 'justgiving';