CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"sources" text[] DEFAULT '{}'::text[] NOT NULL,
	"years" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"consent" text DEFAULT 'not_asked' NOT NULL,
	"consent_at" timestamp with time zone,
	"consent_source" text,
	"unsubscribe_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"bounced_at" timestamp with time zone,
	"bounce_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_email_unique" UNIQUE("email"),
	CONSTRAINT "contacts_unsubscribe_token_unique" UNIQUE("unsubscribe_token"),
	CONSTRAINT "contacts_email_lower" CHECK ("contacts"."email" = lower(trim("contacts"."email")) and "contacts"."email" <> ''),
	CONSTRAINT "contacts_consent" CHECK ("contacts"."consent" in ('opted_in', 'opted_out', 'not_asked'))
);
--> statement-breakpoint
CREATE TABLE "mail_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'marketing' NOT NULL,
	"audience" jsonb,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_recipients" ADD COLUMN "merge_fields" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "kind" text DEFAULT 'marketing' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD COLUMN "audience" jsonb;--> statement-breakpoint
ALTER TABLE "email_updates" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_drafts" ADD CONSTRAINT "mail_drafts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every source of contacts feeds one row per lower-cased address. A source may add a name where
-- none is known, its source label and a year, and an opt-in or opt-out it carries; an opt-out is
-- never undone by a source (only by the person, or an organiser, through the app).
CREATE OR REPLACE FUNCTION feed_contact(p_email text, p_first text, p_last text, p_source text, p_year integer, p_opt_in boolean, p_consent_source text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  e text := lower(trim(p_email));
  gone boolean;
BEGIN
  IF e IS NULL OR e = '' THEN RETURN; END IF;
  gone := EXISTS (SELECT 1 FROM email_opt_outs o WHERE o.email = e);
  INSERT INTO contacts (email, consent, consent_at, consent_source)
    VALUES (e, CASE WHEN gone THEN 'opted_out' ELSE 'not_asked' END, CASE WHEN gone THEN now() END, CASE WHEN gone THEN 'earlier opt-out' END)
    ON CONFLICT (email) DO NOTHING;
  UPDATE contacts SET
    first_name = CASE WHEN first_name = '' THEN coalesce(trim(p_first), '') ELSE first_name END,
    last_name = CASE WHEN last_name = '' THEN coalesce(trim(p_last), '') ELSE last_name END,
    sources = CASE WHEN p_source = ANY(sources) THEN sources ELSE sources || p_source END,
    years = CASE WHEN p_year IS NULL OR p_year = ANY(years) THEN years
      ELSE (SELECT array_agg(y ORDER BY y) FROM unnest(years || p_year) AS y) END
    WHERE email = e;
  IF p_opt_in = false THEN
    UPDATE contacts SET consent = 'opted_out', consent_at = now(), consent_source = p_consent_source WHERE email = e AND consent <> 'opted_out';
  ELSIF p_opt_in THEN
    UPDATE contacts SET consent = 'opted_in', consent_at = now(), consent_source = p_consent_source WHERE email = e AND consent = 'not_asked';
  END IF;
END
$$;
--> statement-breakpoint
-- A historic record feeds its driver and co-driver. On an update its opt-in counts only when it
-- changed, so editing another field never re-applies an old answer over a newer one.
CREATE OR REPLACE FUNCTION historic_participants_feed_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fresh boolean := TG_OP = 'INSERT';
BEGIN
  PERFORM feed_contact(NEW.email, NEW.driver_first_name, NEW.driver_last_name, 'historic', NEW.year,
    CASE WHEN fresh OR NEW.email_opt_in IS DISTINCT FROM OLD.email_opt_in OR NEW.email IS DISTINCT FROM OLD.email THEN NEW.email_opt_in END, 'historic record');
  PERFORM feed_contact(NEW.co_driver_email, NEW.co_driver_first_name, NEW.co_driver_last_name, 'historic', NEW.year,
    CASE WHEN fresh OR NEW.co_driver_email_opt_in IS DISTINCT FROM OLD.co_driver_email_opt_in OR NEW.co_driver_email IS DISTINCT FROM OLD.co_driver_email THEN NEW.co_driver_email_opt_in END, 'historic record');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "historic_participants_feed_contacts" AFTER INSERT OR UPDATE ON "historic_participants"
  FOR EACH ROW EXECUTE FUNCTION historic_participants_feed_contacts();
--> statement-breakpoint
-- A team's driver and co-driver become contacts (not asked: registering is not a newsletter opt-in).
CREATE OR REPLACE FUNCTION signups_feed_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM feed_contact(NEW.driver_email, NEW.driver_first_name, NEW.driver_last_name, 'team', NEW.rally_year, NULL, NULL);
  PERFORM feed_contact(NEW.co_driver_email, NEW.co_driver_first_name, NEW.co_driver_last_name, 'team', NEW.rally_year, NULL, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signups_feed_contacts" AFTER INSERT OR UPDATE ON "signups"
  FOR EACH ROW EXECUTE FUNCTION signups_feed_contacts();
--> statement-breakpoint
-- Backfill: existing subscribers asked for updates, so they count as confirmed and opted in.
UPDATE "email_updates" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
--> statement-breakpoint
SELECT feed_contact(email, driver_first_name, driver_last_name, 'historic', year, email_opt_in, 'historic record') FROM historic_participants ORDER BY id;
--> statement-breakpoint
SELECT feed_contact(co_driver_email, co_driver_first_name, co_driver_last_name, 'historic', year, co_driver_email_opt_in, 'historic record') FROM historic_participants ORDER BY id;
--> statement-breakpoint
SELECT feed_contact(driver_email, driver_first_name, driver_last_name, 'team', rally_year, NULL, NULL) FROM signups ORDER BY id;
--> statement-breakpoint
SELECT feed_contact(co_driver_email, co_driver_first_name, co_driver_last_name, 'team', rally_year, NULL, NULL) FROM signups ORDER BY id;
--> statement-breakpoint
SELECT feed_contact(email, split_part(trim(name), ' ', 1), trim(substr(trim(name), length(split_part(trim(name), ' ', 1)) + 1)), 'updates', NULL, true, 'Get Updates') FROM email_updates ORDER BY id;
