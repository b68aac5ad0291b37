-- One money story. The deposit is one figure, depositAmountPence, which "Pay Deposit Now" charges
-- and every page names, so the separate "deposit minimum" text goes. The entry cost is a new
-- setting, null until the organisers announce it; the cost note now follows it, so the seed's note
-- (only where still unchanged) no longer repeats that the cost is to come.
UPDATE "rally_settings"
SET "settings" = jsonb_set("settings" - 'depositMinimum', '{entryCostPence}', coalesce("settings" -> 'entryCostPence', 'null'::jsonb))
  || CASE
    WHEN "settings" ->> 'costNote' = 'The 2026 cost will be confirmed in October 2025.'
      THEN '{"costNote": "It will be confirmed in October 2025."}'::jsonb
    ELSE '{}'::jsonb
  END;
