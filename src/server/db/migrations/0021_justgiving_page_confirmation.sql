ALTER TABLE "donations" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD CONSTRAINT "justgiving_pages_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- No page has been confirmed by an organiser yet, so no page total is earned. A past rally's pages
-- are out of the sync's and the confirmation list's reach (both cover this year's teams) and their
-- totals were counted publicly before: they are taken as confirmed and keep their lines. The lines
-- of this year's teams (and any later year's, which can still be confirmed) leave the totals; the
-- page totals stay in justgiving_pages, and a page's line comes back (at its last total) as soon as
-- an organiser confirms the page.
UPDATE "justgiving_pages" SET "confirmed_at" = now()
  WHERE "signup_id" IN (SELECT "id" FROM "signups" WHERE "rally_year" < current_rally_year());
--> statement-breakpoint
DELETE FROM "donations" WHERE "source" = 'justgiving'
  AND "signup_id" IN (SELECT "id" FROM "signups" WHERE "rally_year" >= current_rally_year());
--> statement-breakpoint
-- A confirmation is for one page: when a team's page address changes, by whatever route (the
-- team's dashboard, an organiser's edit, an import), what was read and confirmed of the old page
-- goes, with its ledger line, in the same transaction as the change.
-- An erasure (privacy/personal-data.ts) blanks the address too, but its contract is that the team's
-- donations still count: it sets rally.keep_justgiving_line for its transaction, and then only the
-- page row goes (its address, title and owner name a person) while a confirmed page's line stays.
-- The sync leaves such a line alone: it forgets only teams that still have a page row.
CREATE OR REPLACE FUNCTION forget_justgiving_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rally.keep_justgiving_line', true), '') <> 'on'
    AND EXISTS (SELECT 1 FROM "donations" WHERE "signup_id" = NEW."id" AND "source" = 'justgiving') THEN
    DELETE FROM "donations" WHERE "signup_id" = NEW."id" AND "source" = 'justgiving';
  END IF;
  DELETE FROM "justgiving_pages" WHERE "signup_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "signups_justgiving_url_changed" AFTER UPDATE OF "just_giving_url" ON "signups"
  FOR EACH ROW WHEN (OLD."just_giving_url" IS DISTINCT FROM NEW."just_giving_url")
  EXECUTE FUNCTION forget_justgiving_page();
