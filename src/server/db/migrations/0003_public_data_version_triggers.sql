-- Every change to the data behind the public lists moves one counter, in the same transaction,
-- so any instance can tell with one tiny read whether its cached answers are still current.
INSERT INTO "public_data_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_public_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_data_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signups_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "signups"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
--> statement-breakpoint
CREATE TRIGGER "donations_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "donations"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
--> statement-breakpoint
CREATE TRIGGER "historic_participants_public_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "historic_participants"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_data_version();
