import { AdminSubPage } from '../components/layout/admin-sub-page';
import { Card } from '../components/ui/card';
import { ClueDays } from '../features/clues/clue-days';
import { PhotoReview } from '../features/clues/photo-review';
import { StandingsTable } from '../features/clues/standings-table';
import { UpdateModeration } from '../features/team-updates';
import { AdminFollows } from '../features/followers';

/** /admin/clues: the treasure hunt's clues per rally day, photos awaiting approval, the standings and the teams' updates. */
export default function AdminCluesPage() {
  return (
    <AdminSubPage
      title="Clues"
      intro="The treasure hunt: each rally day's clues, hidden from teams until their release time; photo answers to approve; the standings; the teams' updates from the road, to hide one."
    >
      <div className="space-y-6">
        <Card className="p-4 sm:p-5">
          <h2 className="mb-2 text-lg font-bold text-navy-900">Photos awaiting approval</h2>
          <PhotoReview />
        </Card>
        <ClueDays />
        <Card className="p-4 sm:p-5">
          <h2 className="mb-2 text-lg font-bold text-navy-900">Standings</h2>
          <StandingsTable />
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-2 text-lg font-bold text-navy-900">Team updates</h2>
          <UpdateModeration />
        </Card>
        <Card className="p-4 sm:p-5">
          <h2 className="mb-2 text-lg font-bold text-navy-900">Followers</h2>
          <p className="mb-3 text-sm text-slate-600">
            How many supporters follow each team by e-mail (never who). Pausing stops a team&apos;s updates reaching its followers.
          </p>
          <AdminFollows />
        </Card>
      </div>
    </AdminSubPage>
  );
}
