import { useMemo } from 'react';
import { useRallySettings } from '../lib/rally-settings';
import { AdminLayout } from '../components/layout/admin-layout';
import { useAdminTeams } from '../features/registrations/api';
import { RegistrationsSection } from '../features/registrations/registrations-section';
import { ManualDonationSection } from '../features/registrations/manual-donation-form';
import type { RegistrationsParts } from '../features/registrations/parts';
import { JustGivingPageCheck } from '../features/justgiving';
import { ManualDepositForm } from '../features/deposits';
import { TeamEmailDialog } from '../features/bulk-mail';

/** The other features' parts the registrations show. */
const registrationsParts: RegistrationsParts = {
  PageCheck: JustGivingPageCheck,
  ManualDeposit: ManualDepositForm,
  TeamEmail: TeamEmailDialog,
};

/**
 * /admin: the Admin Panel opens on this season's registrations (edit, delete, car images, CSV
 * export, e-mail to ticked teams) and the spec's Manual Donation Entry for them. The other areas
 * are their own pages in the admin sidebar.
 */
export default function AdminPage() {
  const rallySettings = useRallySettings();
  return (
    <AdminLayout
      title="Admin Panel"
      intro={`Registrations, donations and e-mail for the ${rallySettings.year} rally to ${rallySettings.destination}.`}
    >
      <Registrations />
    </AdminLayout>
  );
}

function Registrations() {
  const { data, isLoading, isError } = useAdminTeams();
  const signups = useMemo(() => data ?? [], [data]);
  return (
    <div className="space-y-8">
      <RegistrationsSection signups={signups} isLoading={isLoading} isError={isError} parts={registrationsParts} />
      <ManualDonationSection signups={signups} />
    </div>
  );
}
