/** What other features and pages use of dashboard: its cache keys. */
