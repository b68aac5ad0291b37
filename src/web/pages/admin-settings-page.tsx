import { AdminSubPage } from '../components/layout/admin-sub-page';
import { useRallySettings } from '../lib/rally-settings';
import { SettingsForm } from '../features/settings/settings-form';
import { NextSeason } from '../features/settings/next-season';
import { RouteEditor } from '../features/route-maps/route-editor';
import { Card } from '../components/ui/card';

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
        <Card className="p-4 sm:p-5">
          <section aria-labelledby="season-route-title">
            <h2 id="season-route-title" className="mb-1 text-lg font-bold text-navy-900">
              The {rallySettings.year} route
            </h2>
            <p className="mb-3 text-sm text-slate-600">
              The route map on the This Year page. It stays with the rally when the next season starts.
            </p>
            <RouteEditor year={rallySettings.year} key={rallySettings.year} />
          </section>
        </Card>
        <NextSeason settings={rallySettings} />
      </div>
    </AdminSubPage>
  );
}
