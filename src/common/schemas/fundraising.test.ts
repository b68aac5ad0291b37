import { describe, expect, it } from 'vitest';
import { fundraisingSettingsFormSchema } from './fundraising';
import { defaultTeamTarget, progressPercent, teamTarget } from '../fundraising';

const rally = { minimumFundraisingPerTeam: 1000 };
const minimum = defaultTeamTarget(rally);

describe('team targets', () => {
  it('measures a team against its own target only when it is above the rally minimum', () => {
    expect(teamTarget(null, rally)).toBe(minimum);
    expect(teamTarget(minimum - 1, rally)).toBe(minimum);
    expect(teamTarget(minimum + 500, rally)).toBe(minimum + 500);
  });

  it('caps the bar at 100% and never divides by zero', () => {
    expect(progressPercent(50, 100)).toBe(50);
    expect(progressPercent(250, 100)).toBe(100);
    expect(progressPercent(5, 0)).toBe(100);
  });

  it('reads the typed target in pounds and keeps the rule message', () => {
    expect(fundraisingSettingsFormSchema(rally).parse({ target: '2500', story: 'Hi', newDonationEmails: true })).toEqual({
      target: 250_000,
      story: 'Hi',
      newDonationEmails: true,
    });
    expect(
      fundraisingSettingsFormSchema(rally).safeParse({ target: '10', story: '', newDonationEmails: true }).error?.issues[0]?.message,
    ).toBe("The target can't be below the rally minimum of £1,000.00");
    expect(fundraisingSettingsFormSchema(rally).safeParse({ target: '', story: '', newDonationEmails: true }).success).toBe(false);
  });
});
