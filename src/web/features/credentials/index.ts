/** What other features and pages use of credentials: its cache keys. */
