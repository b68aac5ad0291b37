import { describe, expect, it } from 'vitest';
import type { Signup } from '../db/schema';
import { resetPasswordEmail } from '../features/auth/reset-email';
import { credentialsEmail } from '../features/credentials/credentials-email';
import { confirmationEmail } from '../features/signup/confirmation-email';
import { teamInput } from '../../common/factories';
import { personalMessage } from '../features/bulk-mail/content';
import { coDriverInvitationEmail } from './co-driver-invitation-email';
import type { RallySettings } from '../../common/schemas/rally-settings';

/** Every e-mail escapes what people typed with the one `escape-html` rule. */
const hostile = `<b>Bo</b> & "Jo" 'x'`;
const escaped = '&lt;b&gt;Bo&lt;/b&gt; &amp; &quot;Jo&quot; &#39;x&#39;';

/** Settings as an organiser might type them: every piece of text they put in an e-mail is escaped too. */
const hostileSettings = {
  productName: hostile,
  routeLabel: hostile,
  // Dates are days, worded by the site: nothing typed reaches the e-mail from them.
  rallyStart: '2031-09-09',
  rallyEnd: '2031-09-12',
  destination: hostile,
  supportEmail: hostile,
  depositLink: hostile,
  costNote: hostile,
  entryCostPence: null,
  depositAmountPence: 50_000,
  minimumSponsorshipPerCar: 500,
  minimumFundraisingPerTeam: 1000,
  year: 2031,
} as RallySettings;

describe('HTML escaping in e-mails', () => {
  it('escapes names, links and the rally settings in the password, login, registration and invitation e-mails', () => {
    const link = `https://rally.example/reset-password?token=a&b="c"`;
    const team = { ...teamInput({ driverFirstName: hostile, teamName: hostile, coDriverEmail: 'co@example.test' }), id: 1 } as Signup & {
      coDriverEmail: string;
    };
    for (const mail of [
      resetPasswordEmail('a@example.test', hostile, link),
      credentialsEmail(hostileSettings, 'a@example.test', hostile, link, 'https://rally.example/login'),
      confirmationEmail(team, hostileSettings, 'https://rally.example'),
      coDriverInvitationEmail(team, hostileSettings, link),
    ]) {
      expect(mail.html).toContain(escaped);
      expect(mail.html).not.toContain('<b>Bo</b>');
    }
    expect(resetPasswordEmail('a@example.test', null, link).html).toContain(
      'href="https://rally.example/reset-password?token=a&amp;b=&quot;c&quot;"',
    );
  });

  it('escapes the unsubscribe link of a bulk e-mail', () => {
    const mail = personalMessage(
      { subject: 'News', html: '<p>Hi</p>', text: 'Hi' },
      { email: 'a@example.test', messageId: '<1@x>', unsubscribeUrl: 'https://rally.example/unsubscribe/a"b<c' },
    );
    expect(mail.html).toContain('href="https://rally.example/unsubscribe/a&quot;b&lt;c"');
  });
});
