import { useState } from 'react';
import { AdminSubPage } from '../components/layout/admin-sub-page';
import { Card, Skeleton } from '../components/ui/card';
import { Label } from '../components/ui/input';
import { useRallySettings } from '../lib/rally-settings';
import { useResultsYears, useYearResults } from '../features/results/api';
import { ResultsTable } from '../features/results/results-table';
import { ResultsImportForm } from '../features/results/results-import';
import { PublishResults } from '../features/results/publish-results';
import { HuntFill } from '../features/results/hunt-fill';
import { WinnersEditor } from '../features/winners/winners-editor';

function YearResultsSection({ year }: { year: number }) {
  const { data, isError } = useYearResults(year);
  if (isError) return <p className="text-rally-600">The {year} results could not be loaded. Please refresh the page.</p>;
  if (!data)
    return (
      <div role="status" aria-label={`Loading the ${year} results`} className="space-y-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  return (
    <div className="space-y-6">
      <section aria-labelledby="results-hunt-title">
        <h3 id="results-hunt-title" className="mb-2 text-base font-semibold text-navy-900">
          From the treasure hunt
        </h3>
        <HuntFill year={year} />
      </section>
      {/* Keyed by year, so the inputs start from the chosen year's saved results. */}
      <ResultsTable key={year} year={year} teams={data.teams} />
      <section aria-labelledby="results-import-title" className="border-t border-slate-100 pt-4">
        <h3 id="results-import-title" className="mb-2 text-base font-semibold text-navy-900">
          Import from a spreadsheet
        </h3>
        <ResultsImportForm year={year} />
      </section>
      <section aria-labelledby="results-publish-title" className="border-t border-slate-100 pt-4">
        <h3 id="results-publish-title" className="mb-2 text-base font-semibold text-navy-900">
          Publish
        </h3>
        <PublishResults results={data} />
      </section>
    </div>
  );
}

/** /admin/results: a season's results (typed, imported, published) and the home page's Rally Champions table. */
export default function AdminResultsPage() {
  const rallySettings = useRallySettings();
  const [year, setYear] = useState(rallySettings.year);
  // Only years with a rally; the current season (always one of them) while the list loads.
  const years = useResultsYears().data ?? [rallySettings.year];
  return (
    <AdminSubPage
      title="Results & winners"
      intro="After the rally: each team's rank, car number and score, published into the rally's page, the historic database and the Rally Champions."
    >
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <h2 className="text-lg font-bold text-navy-900">{year} results</h2>
            <div className="w-40">
              <Label htmlFor="results-year">Rally year</Label>
              <select
                id="results-year"
                value={year}
                onChange={(e) => setYear(Number(e.target.value))}
                className="h-10 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                {years.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <YearResultsSection year={year} />
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-1 text-lg font-bold text-navy-900">Rally Champions</h2>
          <p className="mb-4 text-sm text-slate-600">
            The winners table on the home page, one row per year. Publishing a year's results fills in that year's row from its rank 1 team.
          </p>
          <WinnersEditor />
        </Card>
      </div>
    </AdminSubPage>
  );
}
