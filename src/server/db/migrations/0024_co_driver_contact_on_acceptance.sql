-- A team's driver becomes a contact when the team is registered; its co-driver only once they have
-- accepted the invitation. A co-driver address that was only named is whatever the driver typed, so
-- it must not become a contact (and so a recipient of organisers' mail) before its owner says yes.
-- Contacts already created from named co-drivers are left as they are: they may carry an opt-out or
-- other sources, and operational mail reaches only accepted co-drivers (contact-audience.ts).
CREATE OR REPLACE FUNCTION signups_feed_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM feed_contact(NEW.driver_email, NEW.driver_first_name, NEW.driver_last_name, 'team', NEW.rally_year, NULL, NULL);
  IF NEW.co_driver_accepted_at IS NOT NULL THEN
    PERFORM feed_contact(NEW.co_driver_email, NEW.co_driver_first_name, NEW.co_driver_last_name, 'team', NEW.rally_year, NULL, NULL);
  END IF;
  RETURN NULL;
END
$$;
