import { Users } from 'lucide-react';
import { useMyFollowerCounts } from './api';

/** "12 people follow your updates": how many, never who, for the team's dashboard and rally app. */
export function FollowerCount({ signupId }: { signupId: number }) {
  const { data, isPending, isError } = useMyFollowerCounts();
  if (isError) return null;
  if (isPending)
    return (
      <p className="text-sm text-slate-600" aria-busy="true">
        Loading followers…
      </p>
    );
  const n = data.teams.find((t) => t.signupId === signupId)?.followers ?? 0;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="follower-count">
      <Users className="h-4 w-4" aria-hidden />
      {n === 1 ? '1 person follows' : `${n} people follow`} your updates by e-mail.
    </p>
  );
}
