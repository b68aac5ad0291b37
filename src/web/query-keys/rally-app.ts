/**
 * The rally app's own read: the team's clues and score. The standings are the clues' public ones
 * (`clueKeys.publicStandings`, the same address), the messages and safety state the control room's, the
 * team's updates team updates'.
 */
export const rallyAppKeys = {
  myClues: ['/api/my-clues'],
} as const;
