CREATE TABLE "rally_settings" (
	"year" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The current season is the latest settings row: a team entered without a year joins it.
CREATE OR REPLACE FUNCTION current_rally_year() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT max("year") FROM "rally_settings"
$$;
--> statement-breakpoint
ALTER TABLE "signups" ALTER COLUMN "rally_year" SET DEFAULT current_rally_year();
--> statement-breakpoint
-- The spec's facts of the 2026 rally are the first season's settings; organisers change them on
-- /admin/settings from here on.
INSERT INTO "rally_settings" ("year", "settings") VALUES (2026, '{
  "productName": "Jersey Charity Rally",
  "shortName": "Jersey Rally",
  "edition": "eleventh",
  "year": 2026,
  "startPort": "St Malo",
  "destination": "Cannes",
  "routeLabel": "St Malo to Cannes",
  "datesShort": "9-12 September 2026",
  "datesLong": "9-13th September 2026",
  "countdownDate": "2026-09-09",
  "lastDay": "2026-09-13",
  "costNote": "The 2026 cost will be confirmed in October 2025.",
  "depositAmountPence": 50000,
  "depositLink": "https://pay.gocardless.com/jersey-charity-rally-2026-deposit",
  "minimumSponsorshipPerCar": 500,
  "minimumFundraisingPerTeam": 1000,
  "depositMinimum": 500,
  "eventFundraisingGoal": 25000,
  "carLimit": null,
  "registrationOpensAt": null,
  "registrationClosesAt": null,
  "showOnlyPaidTeams": false,
  "publicTotalsVerifiedOnly": false,
  "getUpdatesDoubleOptIn": true,
  "supportEmail": "info@jerseycharityrally.org",
  "organisationName": "Jersey Charity Rally",
  "privacyContact": "info@jerseycharityrally.org",
  "charityName": "Jersey Charity Rally Fund",
  "cluesPerDay": 4,
  "milesBetweenClues": 60,
  "milesPerDay": 250,
  "firstYear": 2008,
  "offlineGiving": {
    "bankAccountName": "Jersey Charity Rally Fund",
    "bankSortCode": "40-25-05",
    "bankAccountNumber": "71234567",
    "referencePrefix": "RALLY",
    "chequesPayableTo": "Jersey Charity Rally Fund",
    "postalAddress": "Jersey Charity Rally, PO Box 123, St Helier, Jersey JE4 8XX"
  }
}'::jsonb) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The settings are part of every public answer's page, so a change moves the public data version.
CREATE TRIGGER "rally_settings_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rally_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
