CREATE TABLE "clue_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"signup_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"kind" text NOT NULL,
	"answer_text" text,
	"photo_url" text,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"answered_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	CONSTRAINT "clue_answers_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "clue_check_ins" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"signup_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy_metres" double precision,
	"distance_metres" integer NOT NULL,
	"within" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clue_hint_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"signup_id" integer NOT NULL,
	"clue_id" integer NOT NULL,
	"hint_id" uuid NOT NULL,
	"cost" integer NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clue_hint_takes_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "clues" (
	"id" serial PRIMARY KEY NOT NULL,
	"rally_year" integer NOT NULL,
	"day" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"place_name" text DEFAULT '' NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"radius_metres" integer NOT NULL,
	"points" integer NOT NULL,
	"answer_kind" text NOT NULL,
	"accepted_answers" text[] DEFAULT '{}'::text[] NOT NULL,
	"hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
ALTER TABLE "clue_answers" ADD CONSTRAINT "clue_answers_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_answers" ADD CONSTRAINT "clue_answers_clue_id_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."clues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_answers" ADD CONSTRAINT "clue_answers_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_check_ins" ADD CONSTRAINT "clue_check_ins_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_check_ins" ADD CONSTRAINT "clue_check_ins_clue_id_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."clues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_hint_takes" ADD CONSTRAINT "clue_hint_takes_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clue_hint_takes" ADD CONSTRAINT "clue_hint_takes_clue_id_clues_id_fk" FOREIGN KEY ("clue_id") REFERENCES "public"."clues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_positions" ADD CONSTRAINT "team_positions_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tracking" ADD CONSTRAINT "team_tracking_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clue_answers_team_idx" ON "clue_answers" USING btree ("signup_id","clue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_answers_one_score_idx" ON "clue_answers" USING btree ("signup_id","clue_id") WHERE "clue_answers"."status" in ('correct', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "clue_answers_one_pending_idx" ON "clue_answers" USING btree ("signup_id","clue_id") WHERE "clue_answers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clue_answers_pending_idx" ON "clue_answers" USING btree ("received_at") WHERE "clue_answers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clue_check_ins_team_idx" ON "clue_check_ins" USING btree ("signup_id","clue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clue_hint_takes_team_hint_idx" ON "clue_hint_takes" USING btree ("signup_id","hint_id");--> statement-breakpoint
CREATE INDEX "clues_year_day_idx" ON "clues" USING btree ("rally_year","day","release_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_positions_client_idx" ON "team_positions" USING btree ("signup_id","client_id");--> statement-breakpoint
CREATE INDEX "team_positions_latest_idx" ON "team_positions" USING btree ("signup_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_positions_year_idx" ON "team_positions" USING btree ("rally_year");