CREATE TABLE "home_stats" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"historic_funds_pence" bigint NOT NULL,
	"historic_funds_through_year" integer NOT NULL,
	"rallies_override" text,
	"ralliers_override" text,
	"kilometres_override" text,
	"funds_override" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rally_routes" (
	"year" integer PRIMARY KEY NOT NULL,
	"stops" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote" text NOT NULL,
	"author" text NOT NULL,
	"rally_label" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The stories built into the site until now are the first rows; organisers edit them on /admin/home-page.
INSERT INTO "testimonials" ("quote", "author", "rally_label", "position") VALUES
  ('Four days, eleven clues we never solved and one we will never forget. The best road trip of my life, for a cause that matters.', 'Emma V.', '2009 Barcelona', 1),
  ('We came for the driving and stayed for the people. By Geneva the other teams felt like family.', 'Tom P.', '2010 Geneva', 2),
  ('Nothing beats rolling into Monaco after 1,400 km of puzzles, pastries and wrong turns.', 'Steve L.', '2018 Monaco', 3),
  ('The clues are fiendish, the dinners are long and every penny goes to Jersey charities. Sign up.', 'Hannah L.', '2012 St Tropez', 4),
  ('I have done it five times and I still get butterflies on the ferry to St Malo.', 'Nick M.', '2016 San Sebastian', 5);
--> statement-breakpoint
-- Funds raised up to 2025 are the spec's £150K; the spec's ralliers and kilometres are kept as overrides
-- because the initial data computes otherwise (no historic ralliers yet; the rallies' distances sum to 11,770 km).
INSERT INTO "home_stats" ("id", "historic_funds_pence", "historic_funds_through_year", "ralliers_override", "kilometres_override") VALUES (1, 15000000, 2025, '234', '12,218');
--> statement-breakpoint
-- The routes built into the site until now (the current season's among them).
INSERT INTO "rally_routes" ("year", "stops") VALUES
  (2008, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Le Mans","coordinates":[0.2,48.006]},{"name":"Clermont-Ferrand","coordinates":[3.087,45.777]},{"name":"Avignon","coordinates":[4.806,43.949]},{"name":"Monaco","coordinates":[7.425,43.738]}]'::jsonb),
  (2009, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Nantes","coordinates":[-1.554,47.218]},{"name":"Bordeaux","coordinates":[-0.579,44.838]},{"name":"Toulouse","coordinates":[1.444,43.605]},{"name":"Barcelona","coordinates":[2.169,41.387]}]'::jsonb),
  (2010, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Tours","coordinates":[0.685,47.394]},{"name":"Beaune","coordinates":[4.84,47.026]},{"name":"Geneva","coordinates":[6.143,46.204]}]'::jsonb),
  (2011, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Poitiers","coordinates":[0.34,46.58]},{"name":"Lyon","coordinates":[4.836,45.764]},{"name":"Grenoble","coordinates":[5.725,45.189]},{"name":"Monaco","coordinates":[7.425,43.738]}]'::jsonb),
  (2012, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Angers","coordinates":[-0.563,47.478]},{"name":"Vichy","coordinates":[3.426,46.128]},{"name":"Aix-en-Provence","coordinates":[5.447,43.53]},{"name":"St Tropez","coordinates":[6.641,43.273]}]'::jsonb),
  (2013, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"La Rochelle","coordinates":[-1.151,46.16]},{"name":"Bordeaux","coordinates":[-0.579,44.838]},{"name":"Biarritz","coordinates":[-1.559,43.483]}]'::jsonb),
  (2015, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Caen","coordinates":[-0.371,49.183]},{"name":"Rouen","coordinates":[1.1,49.443]},{"name":"Paris","coordinates":[2.352,48.857]}]'::jsonb),
  (2016, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Nantes","coordinates":[-1.554,47.218]},{"name":"Bordeaux","coordinates":[-0.579,44.838]},{"name":"San Sebastian","coordinates":[-1.981,43.318]}]'::jsonb),
  (2017, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Orléans","coordinates":[1.909,47.903]},{"name":"Dijon","coordinates":[5.042,47.322]},{"name":"Chamonix","coordinates":[6.869,45.924]},{"name":"Milan","coordinates":[9.19,45.464]}]'::jsonb),
  (2018, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Le Mans","coordinates":[0.2,48.006]},{"name":"Limoges","coordinates":[1.261,45.834]},{"name":"Nîmes","coordinates":[4.36,43.837]},{"name":"Monaco","coordinates":[7.425,43.738]}]'::jsonb),
  (2026, '[{"name":"Jersey","coordinates":[-2.107,49.186]},{"name":"St Malo","coordinates":[-2.026,48.649]},{"name":"Tours","coordinates":[0.685,47.394]},{"name":"Clermont-Ferrand","coordinates":[3.087,45.777]},{"name":"Avignon","coordinates":[4.806,43.949]},{"name":"Cannes","coordinates":[7.017,43.553]}]'::jsonb);
--> statement-breakpoint
-- Public data: a change moves the public data version like the rallies do.
CREATE TRIGGER "testimonials_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
--> statement-breakpoint
CREATE TRIGGER "home_stats_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "home_stats"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
--> statement-breakpoint
CREATE TRIGGER "rally_routes_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rally_routes"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();

