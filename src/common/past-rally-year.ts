/**
 * The year a new past rally most likely is: the latest year before the current season that has no
 * rally yet (usually last year's, just run). The current season is never a past rally.
 */
export function pastRallyYearToAdd(currentSeason: number, rallyYears: readonly number[]): number {
  const taken = new Set(rallyYears);
  let year = currentSeason - 1;
  while (taken.has(year)) year -= 1;
  return year;
}
