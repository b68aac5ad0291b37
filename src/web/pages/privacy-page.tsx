import type { ReactNode } from 'react';
import { useRallySettings } from '../lib/rally-settings';
import { Skeleton } from '../components/ui/card';
import { PageHeader } from '../features/public-site/page-header';
import { formatDay, usePrivacyInfo } from '../features/privacy/api';
import { useDocumentTitle } from '../lib/use-document-title';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-200 py-8 last:border-0">
      <h2 className="font-display text-2xl font-bold text-navy-900">{title}</h2>
      <div className="mt-3 space-y-3 text-lg leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

export default function PrivacyPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Privacy');
  const info = usePrivacyInfo();
  const c = rallySettings;
  if (info.isLoading) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-16" aria-busy="true" aria-label="Loading the privacy notice">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  const org = info.data?.organisationName ?? c.organisationName;
  const contact = info.data?.contact ?? c.privacyContact;
  const mail = (
    <a className="text-navy-700 underline" href={`mailto:${contact}`}>
      {contact}
    </a>
  );
  return (
    <>
      <PageHeader
        eyebrow={<span className="text-sm font-semibold uppercase tracking-widest text-gold-300">Privacy notice</span>}
        title="How we look after your data"
      >
        <p className="mt-4 max-w-2xl text-lg text-navy-100">
          {org} holds the data on this site. Questions or requests: {contact}.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-6">
        <Part title="What we collect">
          <p>
            For each team: the team name, the driver's and co-driver's names, e-mail addresses, phone numbers, addresses and passport
            numbers, the car, an emergency contact, dietary requirements and medical conditions, sponsors and the donations you record. For
            an account: your name, e-mail address and a scrambled form of your password. For updates: your name and e-mail address.
          </p>
        </Part>
        <Part title="Why">
          <p>
            To run the rally: to book the ferry (passports), to look after you in an emergency (medical conditions, emergency contact), to
            plan meals (dietary requirements), to keep in touch about the event, and to show the fundraising on the leaderboard.
          </p>
        </Part>
        <Part title="Who sees it">
          <p>
            The public pages show only team names, first and last names of the crew, the car, sponsors and fundraising totals. The
            organisers, a few volunteers, see the rest. Passport numbers, medical conditions and dietary requirements are stored encrypted
            and shown to an organiser one team at a time when needed; every such look is recorded. They are never put in e-mails.
          </p>
        </Part>
        <Part title="How long we keep it">
          <p>
            Passport numbers, medical conditions and dietary requirements are erased{' '}
            {info.data
              ? `${info.data.retentionDays} days after the rally's last day (on ${formatDay(info.data.deleteAfter)} for the ${c.year} rally)`
              : 'after the rally'}
            . The rest of a team's registration is kept for the rally's history and fundraising totals until you ask us to erase it.
          </p>
        </Part>
        <Part title="Export or erase your data">
          <p>
            Signed in, your dashboard has <strong>Download my data</strong> (everything we hold about you, as a file) and{' '}
            <strong>Delete my account</strong>, which erases your account and your team's personal details; the team stays, marked
            withdrawn, so the donations it raised still count.
          </p>
          <p>Without an account, or by post, write to {mail} and the organisers will do the same for you.</p>
        </Part>
      </div>
    </>
  );
}
