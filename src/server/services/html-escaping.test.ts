import { describe, expect, it } from 'vitest';
import type { Signup } from '../db/schema';
import { resetPasswordEmail } from '../features/auth/reset-email';
import { credentialsEmail } from '../features/credentials/credentials-email';
import { confirmationEmail } from '../features/signup/confirmation-email';
import { teamInput } from '../../common/factories';
import { personalMessage } from '../features/bulk-mail/content';

/** Every e-mail escapes what people typed with the one `escape-html` rule. */
const hostile = `<b>Bo</b> & "Jo" 'x'`;
const escaped = '&lt;b&gt;Bo&lt;/b&gt; &amp; &quot;Jo&quot; &#39;x&#39;';

describe('HTML escaping in e-mails', () => {
  it('escapes names and links in the password, login and registration e-mails', () => {
    const link = `https://rally.example/reset-password?token=a&b="c"`;
    for (const mail of [
      resetPasswordEmail('a@example.test', hostile, link),
      credentialsEmail('a@example.test', hostile, link, 'https://rally.example/login'),
      confirmationEmail(
        { ...teamInput({ driverFirstName: hostile, teamName: hostile }), id: 1 } as unknown as Signup,
        'https://rally.example',
      ),
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
