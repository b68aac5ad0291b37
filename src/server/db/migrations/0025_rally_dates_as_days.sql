-- The rally dates were free text typed twice ("9-12 September 2026", "9-13th September 2026") beside
-- the countdown day and the last day. They become two ranges of days that every page words the same
-- way: the rally days (first day = the old countdown day, last = the day before the old last day, as
-- the spec's 9-12 and 9-13 September readings have it) and the whole trip (the old countdown day to
-- the old last day). needsReview starts empty: existing seasons were set up by hand.
UPDATE "rally_settings" SET "settings" = ("settings" - 'datesShort' - 'datesLong' - 'countdownDate' - 'lastDay') || jsonb_build_object(
  'rallyStart', "settings"->>'countdownDate',
  'rallyEnd', to_char(greatest(("settings"->>'countdownDate')::date, ("settings"->>'lastDay')::date - 1), 'YYYY-MM-DD'),
  'tripStart', "settings"->>'countdownDate',
  'tripEnd', "settings"->>'lastDay',
  'needsReview', '[]'::jsonb
) WHERE "settings" ? 'countdownDate';
