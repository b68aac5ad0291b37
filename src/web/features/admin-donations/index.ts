/** What other features and pages use of admin-donations: its cache keys. */
