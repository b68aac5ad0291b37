import { lazy, Suspense, useState } from 'react';
import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/button';

// The form's code (and its form library) loads when a supporter opens it: /live shows a button per team.
const FollowTeamForm = lazy(() => import('./follow-team-form').then((m) => ({ default: m.FollowTeamForm })));

/** "Follow this team": a button that opens the form (follow-team-form.tsx). */
export function FollowTeam({ signupId, teamName }: { signupId: number; teamName: string }) {
  const [open, setOpen] = useState(false);
  // In a narrow standings column (/live on a phone) the words wrap: the button grows with them.
  if (!open)
    return (
      <Button variant="outline" size="sm" className="h-auto min-h-9 py-1.5" onClick={() => setOpen(true)} aria-expanded={false}>
        <BellRing className="h-4 w-4" aria-hidden /> Follow this team<span className="sr-only"> ({teamName})</span>
      </Button>
    );
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">Loading the form…</p>}>
      <FollowTeamForm signupId={signupId} teamName={teamName} />
    </Suspense>
  );
}
