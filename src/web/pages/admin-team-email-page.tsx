import { Mail } from 'lucide-react';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { AdminSection } from '../components/layout/admin-section';
import { CredentialsForm } from '../features/credentials/credentials-form';
import { EmailComposer } from '../features/bulk-mail/email-composer';
import { SendProgress } from '../features/bulk-mail/send-progress';

/** /admin/team-email: login links for this year's drivers, and operational e-mail to every registered team. */
export default function AdminTeamEmailPage() {
  return (
    <AdminSubPage
      title="Team e-mail"
      intro="Login links for this year's drivers, and news for everyone registered. To write to a few teams, tick them in the registrations table."
    >
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
    </AdminSubPage>
  );
}
