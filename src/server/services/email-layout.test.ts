import { describe, expect, it } from 'vitest';
import { emailLayout } from './email-layout';

const hostile = `<b>Bo</b> & "Jo"`;
const escaped = '&lt;b&gt;Bo&lt;/b&gt; &amp; &quot;Jo&quot;';

describe('the transactional e-mail layout', () => {
  const mail = emailLayout({
    title: 'Registration received',
    greeting: `Dear ${hostile},`,
    body: [
      ['Your team ', { strong: hostile }, ' is in. Questions? Write to ', { email: 'help@x.je' }, '.'],
      { heading: 'What happens next' },
      { steps: ['Pay the deposit.', ['See your dashboard: ', { link: 'https://x.je/dashboard?a=1&b=2' }]] },
      { rows: [['Team name', hostile]] },
      { button: 'Pay Deposit Now', href: 'https://pay.example/"x"' },
    ],
    signOff: 'The rally team',
  });

  it('escapes every value in the HTML part, links included', () => {
    expect(mail.html).not.toContain('<b>Bo</b>');
    expect(mail.html).toContain(`<p>Dear ${escaped},</p>`);
    expect(mail.html).toContain(`<strong>${escaped}</strong>`);
    expect(mail.html).toContain(`<td style="padding:4px 0">${escaped}</td>`);
    expect(mail.html).toContain('<a href="https://x.je/dashboard?a=1&amp;b=2">https://x.je/dashboard?a=1&amp;b=2</a>');
    expect(mail.html).toContain('<a href="mailto:help@x.je">help@x.je</a>');
    expect(mail.html).toMatch(/<a href="https:\/\/pay\.example\/&quot;x&quot;" style="[^"]+">Pay Deposit Now<\/a>/);
  });

  it('writes the same words as plain text, a paragraph apart, a button as its label and address', () => {
    expect(mail.text).toBe(
      [
        'Registration received',
        `Dear ${hostile},`,
        `Your team ${hostile} is in. Questions? Write to help@x.je.`,
        'What happens next',
        '1. Pay the deposit.\n2. See your dashboard: https://x.je/dashboard?a=1&b=2',
        `Team name: ${hostile}`,
        'Pay Deposit Now: https://pay.example/"x"',
        'The rally team',
      ].join('\n\n') + '\n',
    );
  });

  it('shows a picture with its address and words escaped, and gives the address in the text part', () => {
    const pic = emailLayout({ greeting: 'Hello,', body: [{ image: 'https://x.je/p.webp?a=1&b="2"', alt: '<Team> photo' }] });
    expect(pic.html).toContain('<img src="https://x.je/p.webp?a=1&amp;b=&quot;2&quot;" alt="&lt;Team&gt; photo"');
    expect(pic.text).toBe('Hello,\n\n<Team> photo: https://x.je/p.webp?a=1&b="2"\n');
  });
});
