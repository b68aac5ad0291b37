import { AdminSubPage } from '../components/layout/admin-sub-page';
import { useRallySettings } from '../lib/rally-settings';
import { SettingsForm } from '../features/settings/settings-form';
import { NextSeason } from '../features/settings/next-season';

/** /admin/settings: the facts of this year's rally, which every page and e-mail reads. */
export default function AdminSettingsPage() {
  const rallySettings = useRallySettings();
  return (
    <AdminSubPage
      title="Rally Settings"
      intro={`The facts of the ${rallySettings.year} rally that every page and e-mail shows. Changes show at once and are recorded in the audit log.`}
    >
      <div className="space-y-6">
        {/* Keyed by year: a new season gives a fresh form. */}
        <SettingsForm key={rallySettings.year} settings={rallySettings} />
        <NextSeason settings={rallySettings} />
      </div>
    </AdminSubPage>
  );
}
