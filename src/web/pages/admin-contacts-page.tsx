import { AdminSubPage } from '../components/layout/admin-sub-page';
import { ContactList } from '../features/contacts/contact-list';
import { HistoricEmailManagement } from '../features/historic/email-management-section';

export default function AdminContactsPage() {
  return (
    <AdminSubPage
      title="Contacts"
      intro="Everyone the rally can e-mail, once per address: past ralliers, this year's teams, Get Updates subscribers and people added by hand, with their consent."
    >
      <div className="space-y-8">
        <HistoricEmailManagement />
        <ContactList />
      </div>
    </AdminSubPage>
  );
}
