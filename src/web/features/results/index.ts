/** What other features and pages use of results: its cache keys. */
