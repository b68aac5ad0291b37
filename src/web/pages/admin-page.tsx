import { useMemo } from 'react';
import { Link } from 'wouter';
import { Mail } from 'lucide-react';
import { rallySettings } from '../lib/rally-settings';
import { useDocumentTitle } from '../lib/use-document-title';
import { AdminGate } from '../components/layout/admin-gate';
import { AdminSection } from '../components/layout/admin-section';
import { useAdminSignups } from '../features/registrations/api';
import { AuditLogSection } from '../features/audit/audit-log-section';
import { PrivacyRequestsSection } from '../features/privacy/privacy-requests-section';
import { EmailComposer } from '../features/bulk-mail/email-composer';
import { SendProgress } from '../features/bulk-mail/send-progress';
import { CredentialsForm } from '../features/credentials/credentials-form';
import { HistoricEmailSection } from '../features/historic/historic-email-section';
import { ManualDonationSection } from '../features/registrations/manual-donation-form';
import { RegistrationsSection } from '../features/registrations/registrations-section';

const sectionLinks = [
  ['#historic-emails', 'Historic emails'],
  ['#email-communication', 'Email'],
  ['#manual-donation', 'Donations'],
  ['#registrations', 'Registrations'],
  ['#privacy-requests', 'Privacy'],
  ['#audit-log', 'Audit log'],
] as const;

/** The organisers' page for this year's rally (shown only to admins by AdminGate). */
export default function AdminPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}

function AdminDashboard() {
  useDocumentTitle('Admin');
  const { data, isLoading, isError } = useAdminSignups();
  const signups = useMemo(() => data ?? [], [data]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <header className="mb-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-navy-600">Organisers</p>
        <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">Admin Panel</h1>
        <p className="mt-1 text-slate-600">
          Registrations, donations and e-mail for the {rallySettings.year} rally to {rallySettings.destination}.
        </p>
        <nav aria-label="Admin sections" className="mt-4 flex gap-2 overflow-x-auto pb-1">
          {sectionLinks.map(([href, label]) => (
            <a
              key={href}
              href={href}
              className="shrink-0 rounded-full border border-slate-200 bg-white px-3 py-1.5 text-sm font-medium text-navy-800 hover:bg-navy-50"
            >
              {label}
            </a>
          ))}
          <Link
            href="/admin/donations"
            className="shrink-0 rounded-full border border-navy-200 bg-navy-50 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-navy-100"
          >
            Donations ledger
          </Link>
          <Link
            href="/admin/settings"
            className="shrink-0 rounded-full border border-navy-200 bg-navy-50 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-navy-100"
          >
            Rally settings
          </Link>
          <Link
            href="/admin/rallies"
            className="shrink-0 rounded-full border border-navy-200 bg-navy-50 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-navy-100"
          >
            Rally history
          </Link>
          <Link
            href="/admin/results"
            className="shrink-0 rounded-full border border-navy-200 bg-navy-50 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-navy-100"
          >
            Results &amp; winners
          </Link>
          <Link
            href="/admin/home-page"
            className="shrink-0 rounded-full border border-navy-200 bg-navy-50 px-3 py-1.5 text-sm font-semibold text-navy-800 hover:bg-navy-100"
          >
            Home page content
          </Link>
        </nav>
      </header>
      <div className="space-y-8">
        <HistoricEmailSection />
        <AdminSection
          id="email-communication"
          title="Email Communication"
          icon={Mail}
          description="Login links for this year's drivers, and news for everyone registered."
        >
          <div className="grid gap-4">
            <CredentialsForm />
            <EmailComposer recipientType="registered_users" />
          </div>
          <div className="mt-4">
            <SendProgress />
          </div>
        </AdminSection>
        <ManualDonationSection signups={signups} />
        <RegistrationsSection signups={signups} isLoading={isLoading} isError={isError} />
        <PrivacyRequestsSection />
        <AuditLogSection />
      </div>
    </div>
  );
}
