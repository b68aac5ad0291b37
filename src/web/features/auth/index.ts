/** What other features and pages use of auth: its cache keys. */
