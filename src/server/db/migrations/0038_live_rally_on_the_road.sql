CREATE TABLE "organiser_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"rally_year" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sos_presses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"sos_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"made_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sos_presses_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "all_ok_check_ins" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue_check_ins" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clue_hint_takes" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "position_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "repeated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "seen_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_updates" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sos_presses" ADD CONSTRAINT "sos_presses_sos_id_sos_alerts_id_fk" FOREIGN KEY ("sos_id") REFERENCES "public"."sos_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_alerts_kind_key_idx" ON "organiser_alerts" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "sos_presses_sos_idx" ON "sos_presses" USING btree ("sos_id");--> statement-breakpoint
ALTER TABLE "sos_alerts" ADD CONSTRAINT "sos_alerts_seen_by_user_id_users_id_fk" FOREIGN KEY ("seen_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;