import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing } from 'lucide-react';
import { followTeamSchema, type FollowTeamInput } from '@common/schemas/followers';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useFollowTeam } from './api';

/**
 * "Follow this team": a supporter leaves an address and gets the team's updates from the road by
 * e-mail once they confirm. Following one team puts nobody on the mailing list.
 */
export function FollowTeam({ signupId, teamName }: { signupId: number; teamName: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const follow = useFollowTeam(signupId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FollowTeamInput>({
    resolver: zodResolver(followTeamSchema),
    defaultValues: { email: '', name: '', dailyDigest: false, keepAfterResults: false },
  });
  if (!open)
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-expanded={false}>
        <BellRing className="h-4 w-4" aria-hidden /> Follow this team<span className="sr-only"> ({teamName})</span>
      </Button>
    );
  if (follow.isSuccess)
    return (
      <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900">
        {follow.data.message}
      </p>
    );
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={`Follow ${teamName}`}
      onSubmit={handleSubmit((values) => follow.mutate(values))}
    >
      <p className="text-sm text-slate-700">
        Get an e-mail when {teamName} posts an update from the road, with a way to give. Nothing else.
      </p>
      <div>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          aria-invalid={!!errors.email}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...register('email')}
        />
        <FieldError id={`${id}-email-error`} message={errors.email?.message} />
      </div>
      <div>
        <Label htmlFor={`${id}-name`}>Name (optional)</Label>
        <Input id={`${id}-name`} autoComplete="name" maxLength={120} {...register('name')} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" {...register('dailyDigest')} /> One e-mail a day instead of one per update
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4" {...register('keepAfterResults')} /> Keep hearing about the team after the results
      </label>
      {follow.isError && (
        <p role="alert" className="text-sm text-rally-700">
          {errorMessage(follow.error, 'Could not follow the team. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={follow.isPending}>
        {follow.isPending ? 'Sending…' : 'Follow'}
      </Button>
    </form>
  );
}
