import { describe, expect, it } from 'vitest';
import { mailingStats, roleLabel, type MailingContact } from './mailing';
import { emailsToCsv } from './email-csv';

describe('mailingStats', () => {
  it('gives the four stat cards', () => {
    const c = (emailOptIn: boolean | null, i: number): MailingContact => ({
      firstName: 'A',
      lastName: 'B',
      email: `p${i}@x.je`,
      emailOptIn,
      unsubscribeToken: null,
      isDriver: true,
      roles: ['driver'],
      yearCount: 0,
      years: [],
    });
    expect(mailingStats([true, true, false, null, null, null].map(c))).toEqual({ total: 6, optedIn: 2, optedOut: 1, notAsked: 3 });
  });
});

describe('roleLabel', () => {
  it('names each role the person had, and a dash for none', () => {
    expect(roleLabel({ roles: ['driver'] })).toBe('Driver');
    expect(roleLabel({ roles: ['co-driver'] })).toBe('Co-driver');
    expect(roleLabel({ roles: ['driver', 'co-driver'] })).toBe('Driver and co-driver');
    expect(roleLabel({ roles: [] })).toBe('—');
  });
});

describe('emailsToCsv', () => {
  it('writes one address per line and neutralises formula-looking cells', () => {
    expect(emailsToCsv(['a@b.je', '=HYPERLINK("x")@evil.com', '+1@x.je', '@x', '-2@x.je'])).toBe(
      'a@b.je\n"\'=HYPERLINK(""x"")@evil.com"\n\'+1@x.je\n\'@x\n\'-2@x.je\n',
    );
  });
});
