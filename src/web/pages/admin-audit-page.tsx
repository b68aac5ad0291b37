import { AdminSubPage } from '../components/layout/admin-sub-page';
import { AuditLogSection } from '../features/audit/audit-log-section';

/** /admin/audit: who changed, deleted, added or sent what, newest first. */
export default function AdminAuditPage() {
  return (
    <AdminSubPage title="Audit log" intro="Every organiser's change, deletion, donation and send, with who did it and when.">
      <AuditLogSection />
    </AdminSubPage>
  );
}
