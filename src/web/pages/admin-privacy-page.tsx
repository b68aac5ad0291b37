import { AdminSubPage } from '../components/layout/admin-sub-page';
import { PrivacyRequestsSection } from '../features/privacy/privacy-requests-section';

/** /admin/privacy: a person's data exported or erased by e-mail address, on their request. */
export default function AdminPrivacyPage() {
  return (
    <AdminSubPage
      title="Privacy requests"
      intro="Export or erase everything held about a person, found by their e-mail address. Every request is audited."
    >
      <PrivacyRequestsSection />
    </AdminSubPage>
  );
}
