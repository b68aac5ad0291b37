/** What other features use of the Site health page: its cache keys. */
