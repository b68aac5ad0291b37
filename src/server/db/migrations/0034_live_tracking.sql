CREATE TABLE "team_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"signup_id" integer NOT NULL,
	"rally_year" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" real,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"client_id" text NOT NULL,
	CONSTRAINT "team_positions_lat" CHECK ("team_positions"."lat" between -90 and 90),
	CONSTRAINT "team_positions_lng" CHECK ("team_positions"."lng" between -180 and 180),
	CONSTRAINT "team_positions_source" CHECK ("team_positions"."source" in ('app','owntracks','traccar'))
);
--> statement-breakpoint
CREATE TABLE "team_tracking" (
	"signup_id" integer PRIMARY KEY NOT NULL,
	"sharing" boolean DEFAULT false NOT NULL,
	"sharing_changed_at" timestamp with time zone,
	"tracker_token_hash" text,
	"tracker_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_tracking_tracker_token_hash_unique" UNIQUE("tracker_token_hash")
);
--> statement-breakpoint
ALTER TABLE "team_positions" ADD CONSTRAINT "team_positions_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tracking" ADD CONSTRAINT "team_tracking_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_positions_client_idx" ON "team_positions" USING btree ("signup_id","client_id");--> statement-breakpoint
CREATE INDEX "team_positions_latest_idx" ON "team_positions" USING btree ("signup_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_positions_year_idx" ON "team_positions" USING btree ("rally_year");