import { describe, expect, it } from 'vitest';
import { countRecipients, deriveContacts, mailingStats, type ContactSource } from './mailing';
import { emailsToCsv } from './email-csv';

const src = (s: Partial<ContactSource>): ContactSource => ({ year: 2010, firstName: 'A', lastName: 'B', email: 'a@b.je', emailOptIn: null, unsubscribeToken: null, isDriver: true, ...s });

describe('deriveContacts', () => {
  it('groups an address in any case, with its years ascending and once each', () => {
    const [c, ...rest] = deriveContacts([
      src({ year: 2016, email: 'Jo@X.je', isDriver: false, unsubscribeToken: 't1' }),
      src({ year: 2011, email: 'jo@x.je', isDriver: false }),
      src({ year: 2016, email: 'jo@x.je ', isDriver: true }),
    ]);
    expect(rest).toEqual([]);
    expect(c).toMatchObject({ email: 'Jo@X.je', years: [2011, 2016], yearCount: 2, isDriver: true, unsubscribeToken: 't1' });
  });

  it('an opt-out anywhere wins, then an opt-in, then not asked', () => {
    const state = (...v: (boolean | null)[]) => deriveContacts(v.map((o) => src({ emailOptIn: o })))[0].emailOptIn;
    expect(state(true, false, null)).toBe(false);
    expect(state(null, true)).toBe(true);
    expect(state(null, null)).toBeNull();
  });

  it('leaves out roles without an address', () => {
    expect(deriveContacts([src({ email: null }), src({ email: '  ' })])).toEqual([]);
  });
});

describe('recipient count (spec section 5)', () => {
  const contacts = [true, true, false, null, null, null].map((o, i) => deriveContacts([src({ email: `p${i}@x.je`, emailOptIn: o })])[0]);

  it('only-opted-in counts those with true; otherwise all but those with false', () => {
    expect(countRecipients(contacts, true)).toBe(2);
    expect(countRecipients(contacts, false)).toBe(5);
    expect(countRecipients([], true)).toBe(0);
  });

  it('gives the four stat cards', () => {
    expect(mailingStats(contacts)).toEqual({ total: 6, optedIn: 2, optedOut: 1, notAsked: 3 });
  });
});

describe('emailsToCsv', () => {
  it('writes one address per line and neutralises formula-looking cells', () => {
    expect(emailsToCsv(['a@b.je', '=HYPERLINK("x")@evil.com', '+1@x.je', '@x', '-2@x.je'])).toBe(
      'a@b.je\n"\'=HYPERLINK(""x"")@evil.com"\n\'+1@x.je\n\'@x\n\'-2@x.je\n',
    );
  });
});
