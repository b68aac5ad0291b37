/**
 * The hunt's tie rule in words, shown wherever teams are ranked (/live, the rally app's standings,
 * the results' fill from the hunt, the day-by-day story on /rally/{year}); the server applies it in
 * features/clues/standings.ts (rankStandings). One copy, so every page says the same.
 */
export const TIE_RULE =
  'Total is clue points less hints taken and penalties. Teams level on total: the one whose last scoring answer reached the site first ranks higher (the phone’s clock does not count); still level, the team that registered first. Every team has a place of its own.';
