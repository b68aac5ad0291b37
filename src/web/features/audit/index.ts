/** What other features use of the audit log: its cache keys, to refresh it after an organiser's action. */
