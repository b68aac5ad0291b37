import { AdminSubPage } from '../components/layout/admin-sub-page';
import { rallySettings } from '../lib/rally-settings';
import { SettingsForm } from '../features/settings/settings-form';

/** /admin/settings: the facts of this year's rally, which every page and e-mail reads. */
export default function AdminSettingsPage() {
  return (
    <AdminSubPage
      title="Rally Settings"
      intro={`The facts of the ${rallySettings.year} rally that every page and e-mail shows. Changes show at once and are recorded in the audit log.`}
    >
      <SettingsForm settings={rallySettings} />
    </AdminSubPage>
  );
}
