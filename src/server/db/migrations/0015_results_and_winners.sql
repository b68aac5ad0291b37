CREATE TABLE "team_results" (
	"signup_id" integer PRIMARY KEY NOT NULL,
	"rally_year" integer NOT NULL,
	"rank" integer NOT NULL,
	"car_number" integer NOT NULL,
	"score" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"year" integer PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"winners" text NOT NULL,
	"team_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "historic_participants" ADD COLUMN "signup_id" integer;--> statement-breakpoint
ALTER TABLE "team_results" ADD CONSTRAINT "team_results_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_results_year_rank_idx" ON "team_results" USING btree ("rally_year","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "team_results_year_car_idx" ON "team_results" USING btree ("rally_year","car_number");--> statement-breakpoint
ALTER TABLE "historic_participants" ADD CONSTRAINT "historic_participants_signup_id_signups_id_fk" FOREIGN KEY ("signup_id") REFERENCES "public"."signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historic_participants" ADD CONSTRAINT "historic_participants_signup_id_unique" UNIQUE("signup_id");--> statement-breakpoint
-- The winners table's initial rows: the Rally Champions the home page has shown so far.
INSERT INTO "winners" ("year", "destination", "winners", "team_name") VALUES
  (2008, 'Monaco', 'Peter Le Sueur & Mark Renouf', 'The Trailblazers'),
  (2009, 'Barcelona, Spain', 'Sarah Le Brocq & Emma Vibert', 'Catalan Crusaders'),
  (2010, 'Geneva, Switzerland', 'James Le Marquand & Tom Pallot', 'Alpine Aces'),
  (2011, 'Monaco', 'David Le Feuvre & Chris Amy', 'TBD'),
  (2012, 'St Tropez, France', 'Lucy Querée & Hannah Le Cornu', 'Riviera Rockets'),
  (2013, 'Biarritz, France', 'Rob Falle & Nick Mourant', 'Surf & Turf'),
  (2015, 'Paris, France', 'Claire Le Gresley & Anna Hamon', 'Les Flâneuses'),
  (2016, 'San Sebastian, Spain', 'Mike Syvret & Ben Le Quesne', 'Pintxo Pilots'),
  (2017, 'Milan, Italy', 'Kate Le Maistre & Jo Journeaux', 'TBD'),
  (2018, 'Monaco', 'Paul Gallichan & Steve Le Sueur', 'Monaco or Bust');
--> statement-breakpoint
-- The winners are public data: a change moves the public data version like the rallies do.
CREATE TRIGGER "winners_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "winners"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
