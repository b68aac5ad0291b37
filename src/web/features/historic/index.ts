/** What other features and pages use of historic: its cache keys. */
