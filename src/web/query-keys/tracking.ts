/** The team's position sharing (GET /api/my-tracking) and the supporters' map (GET /api/tracking/positions). */
export const trackingKeys = {
  mine: ['/api/my-tracking'],
  livePositions: ['/api/tracking/positions'],
} as const;
