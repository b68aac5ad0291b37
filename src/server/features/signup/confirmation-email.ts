import escapeHtml from 'escape-html';
import { rallyDates } from '../../../common/rally-dates';
import { moneyStory } from '../../../common/money-story';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Signup } from '../../db/schema';
import type { MailMessage } from '../../services/mail';

/** The lines of the registration summary, as label and value; empty values are left out. */
function summary(s: Signup): [string, string][] {
  const coDriver = [s.coDriverFirstName, s.coDriverLastName].filter(Boolean).join(' ');
  const car = [s.carYear, s.carMake, s.carModel].filter(Boolean).join(' ');
  const rows: [string, string | null][] = [
    ['Team name', s.teamName],
    ['Driver', `${s.driverFirstName} ${s.driverLastName}`],
    ['Driver email', s.driverEmail],
    ['Driver phone', s.driverPhone],
    ['Co-driver', coDriver || 'To be confirmed'],
    ['Vehicle', car || 'To be confirmed'],
    ['Registration plate', s.carRegistration],
    ['Emergency contact', `${s.emergencyContactName} (${s.emergencyContactRelationship}), ${s.emergencyContactPhone}`],
    ['Fundraising page', s.justGivingUrl],
  ];
  return rows.filter((r): r is [string, string] => Boolean(r[1]));
}

/**
 * The driver's confirmation: what was registered and the deposit link (spec: Registration Complete).
 * With `acceptLink` (someone else registered an address whose account is verified already), step 2
 * asks its owner to confirm the team is theirs before it shows on their dashboard.
 */
export function confirmationEmail(s: Signup, rally: RallySettings, siteUrl: string, acceptLink?: string): MailMessage {
  const rows = summary(s);
  const money = moneyStory(rally);
  const subject = `Registration received: ${s.teamName}, ${rally.productName} ${s.rallyYear}`;
  // The address rides along so that, signed out, the dashboard opens account creation with it filled in.
  const dashboard = `${siteUrl}/dashboard?${new URLSearchParams({ email: s.driverEmail })}`;
  // A team on the waiting list is told where it stands and is not asked for a deposit until a place is offered.
  const waiting = s.status === 'waiting_list';
  const step1Text = waiting
    ? `1. The rally is full, so your team is on the waiting list. We will e-mail you when a place is offered, and ask for the deposit then.`
    : `1. ${money.depositStep} ${rally.depositLink}`;
  const step1Html = waiting
    ? '<li>The rally is full, so your team is on the waiting list. We will e-mail you when a place is offered, and ask for the deposit then.</li>'
    : `<li>${escapeHtml(money.depositStep)}</li>`;
  const step2Text = acceptLink
    ? `2. Confirm this team is yours (or tell us it is not) to see it on your dashboard: ${acceptLink}`
    : `2. Create an account with this e-mail address to see and update your details: ${dashboard}`;
  const step2Html = acceptLink
    ? `<li><a href="${escapeHtml(acceptLink)}">Confirm this team is yours</a> (or tell us it is not) to see it on your dashboard.</li>`
    : `<li>Create an account with this e-mail address to see and update your details on <a href="${escapeHtml(dashboard)}">your dashboard</a>.</li>`;
  const text = [
    `Dear ${s.driverFirstName},`,
    '',
    `Thank you for registering your team for the ${rally.productName} ${s.rallyYear}, ${rally.routeLabel}, ${rallyDates(rally)}.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Costs and fundraising:',
    money.entryCostText,
    money.depositText,
    money.fundraisingText,
    '',
    'What happens next:',
    step1Text,
    step2Text,
    `3. ${money.fundraisingStep}`,
    '',
    `Questions? Write to ${rally.supportEmail}.`,
    '',
    `The ${rally.productName} team`,
  ].join('\n');
  const html = `<div style="font-family:Arial,Helvetica,sans-serif;color:#0f2a4a;max-width:600px">
<h1 style="font-size:22px">Registration received</h1>
<p>Dear ${escapeHtml(s.driverFirstName)},</p>
<p>Thank you for registering your team for the ${escapeHtml(rally.productName)} ${s.rallyYear}, ${escapeHtml(rally.routeLabel)}, ${escapeHtml(rallyDates(rally))}.</p>
<table style="border-collapse:collapse">${rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<h2 style="font-size:18px">Costs and fundraising</h2>
${[money.entryCostText, money.depositText, money.fundraisingText].map((t) => `<p>${escapeHtml(t)}</p>`).join('\n')}
<h2 style="font-size:18px">What happens next</h2>
<ol>
${step1Html}
${step2Html}
<li>${escapeHtml(money.fundraisingStep)}</li>
</ol>
${waiting ? '' : `<p><a href="${escapeHtml(rally.depositLink)}" style="display:inline-block;background:#f4c247;color:#0a1c33;padding:12px 20px;border-radius:8px;font-weight:bold;text-decoration:none">Pay Deposit Now</a></p>`}
<p>Questions? Write to <a href="mailto:${escapeHtml(rally.supportEmail)}">${escapeHtml(rally.supportEmail)}</a>.</p>
</div>`;
  return { to: s.driverEmail, subject, text, html };
}
