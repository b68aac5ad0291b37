import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';
import { moneyStory, type MoneySettings } from './money-story';

const spec: MoneySettings = {
  year: 2026,
  depositAmountPence: 50_000,
  entryCostPence: null,
  costNote: 'It will be confirmed in October 2025.',
  minimumSponsorshipPerCar: 500,
  minimumFundraisingPerTeam: 1000,
};

/** Every sentence of the story, for checks that must hold in each of them. */
const sentences = (s: MoneySettings) => {
  const { deposit: _d, entryCost: _e, minimumFundraising: _f, minimumSponsorship: _s, ...text } = moneyStory(s);
  return text;
};

describe('formatAmount', () => {
  it('words whole pounds without pence and keeps pence when there are some', () => {
    expect(formatAmount(50_000)).toBe('£500');
    expect(formatAmount(100_000)).toBe('£1,000');
    expect(formatAmount(45_050)).toBe('£450.50');
  });
});

describe('moneyStory', () => {
  it("tells the spec's figures as one story: the deposit is part of the entry cost, sponsorship part of the fundraising", () => {
    const story = moneyStory(spec);
    expect(story.entryCostText).toBe(
      'The 2026 entry cost per team is to be announced; it covers the ferry, accommodation, breakfasts and evening meals. It will be confirmed in October 2025.',
    );
    expect(story.depositText).toBe(
      "The £500 deposit, paid when you register, holds your team's place and is part of the entry cost. It is not fundraising and does not count towards your fundraising minimum.",
    );
    expect(story.fundraisingText).toBe(
      'Each team raises at least £1,000 for local Jersey charities, including at least £500 of sponsorship for your car from businesses, friends and family. Sponsorship and donations both count towards the £1,000; the deposit does not.',
    );
    expect(story.summary).toBe(
      'Register with a £500 deposit (the rest of the entry cost is to be announced); each team raises at least £1,000 for local Jersey charities, £500 of it in sponsorship for the car.',
    );
  });

  it('states the entry cost once it is set, and what is left to pay after the deposit', () => {
    const story = moneyStory({ ...spec, entryCostPence: 180_000, costNote: 'The balance is due by 1 July.' });
    expect(story.entryCost).toBe('£1,800');
    expect(story.entryCostText).toBe(
      'The 2026 entry cost is £1,800 per team (car, driver and co-driver); it covers the ferry, accommodation, breakfasts and evening meals. The balance is due by 1 July.',
    );
    expect(story.depositText).toContain('is part of the entry cost, leaving £1,300 to pay before the rally.');
    expect(story.summary).toContain('(the entry cost is £1,800 in all)');
  });

  it('names no balance when the deposit is the whole entry cost, and no note when the note is empty', () => {
    const story = moneyStory({ ...spec, entryCostPence: 50_000, costNote: '' });
    expect(story.depositText).toContain('is part of the entry cost. It is not fundraising');
    expect(story.entryCostText.endsWith('evening meals.')).toBe(true);
  });

  it('changes every sentence that names a figure when that setting changes', () => {
    const before = sentences(spec);
    const changed = sentences({ ...spec, depositAmountPence: 45_000, minimumSponsorshipPerCar: 600, minimumFundraisingPerTeam: 1200 });
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (key === 'entryCostText' || key === 'donorText') continue;
      expect(changed[key], key).not.toBe(before[key]);
    }
    for (const text of [changed.depositText, changed.summary, changed.depositStep]) expect(text).toContain('£450');
    for (const text of [changed.fundraisingText, changed.summary, changed.fundraisingStep]) {
      expect(text).toContain('£1,200');
      expect(text).toContain('£600');
    }
    expect(changed.donorText).toContain('£1,200');
    expect(Object.values(changed).join(' ')).not.toMatch(/£500|£1,000/);
    expect(sentences({ ...spec, entryCostPence: 200_000 }).entryCostText).toContain('£2,000');
    expect(sentences({ ...spec, year: 2027 }).entryCostText).toContain('The 2027 entry cost');
  });

  it('leaves out a minimum that is set to nothing rather than asking for £0', () => {
    const noSponsorship = moneyStory({ ...spec, minimumSponsorshipPerCar: 0 });
    expect(noSponsorship.fundraisingText).toBe(
      'Each team raises at least £1,000 for local Jersey charities. Sponsorship and donations both count towards the £1,000; the deposit does not.',
    );
    const noMinimums = moneyStory({ ...spec, minimumSponsorshipPerCar: 0, minimumFundraisingPerTeam: 0 });
    expect(Object.values(sentences({ ...spec, minimumSponsorshipPerCar: 0, minimumFundraisingPerTeam: 0 })).join(' ')).not.toContain('£0');
    expect(noMinimums.summary).toBe(
      'Register with a £500 deposit (the rest of the entry cost is to be announced); every pound teams raise goes to local Jersey charities.',
    );
  });
});
