ALTER TABLE "donations" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD COLUMN "confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "justgiving_pages" ADD CONSTRAINT "justgiving_pages_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- No page has been confirmed by an organiser yet, so no page total is earned: the ledger lines the
-- sync wrote are taken out of the totals. The page totals stay in justgiving_pages, and a page's
-- line comes back (at its last total) as soon as an organiser confirms the page.
DELETE FROM "donations" WHERE "source" = 'justgiving';
--> statement-breakpoint
-- A confirmation is for one page: when a team's page address changes, by whatever route (the
-- team's dashboard, an organiser's edit, an import, an erasure), what was read and confirmed of
-- the old page goes, with its ledger line, in the same transaction as the change.
CREATE OR REPLACE FUNCTION forget_justgiving_page() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "donations" WHERE "signup_id" = NEW."id" AND "source" = 'justgiving') THEN
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
