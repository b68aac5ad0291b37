import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { useAdminFollows, usePauseFollowers } from './api';

/** Organisers: follows per team of this season, and pausing a team's updates to its followers. */
export function AdminFollows() {
  const { data, isPending, isError, error } = useAdminFollows();
  const pause = usePauseFollowers();
  if (isPending) return <p aria-busy="true">Loading followers…</p>;
  if (isError) return <p role="alert">{errorMessage(error, 'Could not load the followers.')}</p>;
  if (data.teams.length === 0) return <p className="text-slate-600">No teams this season yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Followers per team</caption>
      <thead>
        <tr>
          <th className="py-2">Team</th>
          <th>Following</th>
          <th>Waiting to confirm</th>
          <th>Daily digest</th>
          <th>Updates to followers</th>
        </tr>
      </thead>
      <tbody>
        {data.teams.map((t) => (
          <tr key={t.signupId} className="border-t border-slate-200">
            <td className="py-2">{t.teamName}</td>
            <td>{t.followers}</td>
            <td>{t.pending}</td>
            <td>{t.dailyDigest}</td>
            <td>
              <Button
                size="sm"
                variant={t.paused ? 'primary' : 'outline'}
                disabled={pause.isPending}
                onClick={() => pause.mutate({ signupId: t.signupId, paused: !t.paused })}
                aria-label={`${t.paused ? 'Resume' : 'Pause'} updates to followers of ${t.teamName}`}
              >
                {t.paused ? 'Paused: resume' : 'Pause'}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
