/** What other features and pages use of home-page: its cache keys. */
