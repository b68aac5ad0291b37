/** What other features and pages use of public-site: its cache keys. */
