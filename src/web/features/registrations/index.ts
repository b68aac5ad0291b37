/** What other features and pages use of registrations: its cache keys. */
