-- Each change of the public data also sends NOTIFY public_data_version with the new number, so
-- every instance's public answer cache learns of it without asking the database per request.
CREATE OR REPLACE FUNCTION bump_public_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE "public_data_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO next_version;
  PERFORM pg_notify('public_data_version', next_version::text);
  RETURN NULL;
END
$$;
