/** The Rally in Numbers tiles on the home page. */
export const rallyStats = {
  totalRallies: 10,
  carsEntered: 234, // shown as "ralliers"
  kilometersRallied: 12218,
  fundsRaised: '150K',
} as const;

export const statTiles = [
  { value: '10', label: 'Epic Rallies' },
  { value: '234', label: 'Ralliers' },
  { value: '12,218', label: 'km Rallied' },
  { value: '£150K+', label: 'Raised for Charity' },
] as const;
