/** The team's position sharing (GET /api/my-tracking) and the supporters' map (GET /api/live/positions). */
export const trackingKeys = {
  mine: ['/api/my-tracking'],
  livePositions: ['/api/live/positions'],
} as const;
