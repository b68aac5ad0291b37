import { AdminSubPage } from '../components/layout/admin-sub-page';
import { SiteHealthSection } from '../features/site-health/site-health-section';

/** /admin/site-health: backups, failed e-mails, waiting jobs, disk, live pages and the version, in words. */
export default function AdminSiteHealthPage() {
  return (
    <AdminSubPage
      title="Site health"
      intro="Whether backups are being made, e-mails are going out and the server has room. The organisers get an e-mail when a backup is overdue or e-mails keep failing."
    >
      <SiteHealthSection />
    </AdminSubPage>
  );
}
