import { AdminSubPage } from '../components/layout/admin-sub-page';
import { ContactList } from '../features/contacts/contact-list';

export default function AdminContactsPage() {
  return (
    <AdminSubPage
      title="Contacts"
      intro="Everyone the rally can e-mail, once per address: past ralliers, this year's teams, Get Updates subscribers and people added by hand, with their consent."
    >
      <ContactList />
    </AdminSubPage>
  );
}
