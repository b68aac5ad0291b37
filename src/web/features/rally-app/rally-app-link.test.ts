import { describe, expect, it } from 'vitest';
import { rallyAppIsNear } from './rally-app-link-card';

const season = { rallyStart: '2026-09-09', rallyEnd: '2026-09-12' };

describe("the dashboard's link to the rally app", () => {
  it("shows from a week before the first rally day to the last, by the rally's days", () => {
    expect(rallyAppIsNear(season, new Date('2026-09-01T12:00:00Z'))).toBe(false);
    expect(rallyAppIsNear(season, new Date('2026-09-02T08:00:00Z'))).toBe(true);
    expect(rallyAppIsNear(season, new Date('2026-09-10T12:00:00Z'))).toBe(true);
    // 22:30 UTC on the 12th is already the 13th in Paris (CEST).
    expect(rallyAppIsNear(season, new Date('2026-09-12T21:30:00Z'))).toBe(true);
    expect(rallyAppIsNear(season, new Date('2026-09-12T22:30:00Z'))).toBe(false);
  });
});
