import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { followTeamSchema, type FollowTeamInput } from '@common/schemas/followers';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { useFollowTeam } from './api';
import { browserCanBeNotified, subscribeThisBrowser, type BrowserPush } from './browser-push';

/** What the form says of "Also notify this browser" once the follow is sent. */
const BROWSER_NOTE: Record<'subscribed' | 'denied' | 'failed', string> = {
  subscribed: 'This browser will be notified of the updates too, once you confirm from the e-mail.',
  denied: 'This browser will not be notified: notifications were not allowed. You will still get the e-mails.',
  failed: 'This browser will not be notified: it could not be signed up for notifications. You will still get the e-mails.',
};

/**
 * The "Follow this team" form (follow-team.tsx opens it): a supporter leaves an address and gets
 * the team's updates from the road by e-mail once they confirm, and, where the browser can, as
 * notifications on this browser. Following one team puts nobody on the mailing list.
 */
export function FollowTeamForm({ signupId, teamName }: { signupId: number; teamName: string }) {
  const id = useId();
  const follow = useFollowTeam(signupId);
  const [notifyBrowser, setNotifyBrowser] = useState(false);
  const [asking, setAsking] = useState(false);
  const [browserNote, setBrowserNote] = useState<keyof typeof BROWSER_NOTE | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FollowTeamInput>({
    resolver: zodResolver(followTeamSchema),
    defaultValues: { email: '', name: '', dailyDigest: false, keepAfterResults: false },
  });
  if (follow.isSuccess)
    return (
      <div role="status" className="space-y-2 rounded-lg bg-emerald-50 p-4 text-emerald-900">
        <p>{follow.data.message}</p>
        {browserNote && <p>{BROWSER_NOTE[browserNote]}</p>}
      </div>
    );
  // The permission is asked for on the click that sends the form, as browsers require; the e-mail
  // follow goes whatever the answer.
  const send = handleSubmit(async (values) => {
    let push: BrowserPush | null = null;
    if (notifyBrowser) {
      setAsking(true);
      push = await subscribeThisBrowser();
      setAsking(false);
    }
    setBrowserNote(push ? ('subscription' in push ? 'subscribed' : push.notNotified) : null);
    follow.mutate({ ...values, push: push && 'subscription' in push ? push.subscription : undefined });
  });
  return (
    <form className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" aria-label={`Follow ${teamName}`} onSubmit={send}>
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
      {browserCanBeNotified() && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-4 w-4" checked={notifyBrowser} onChange={(e) => setNotifyBrowser(e.target.checked)} /> Also
          notify this browser
        </label>
      )}
      {follow.isError && (
        <p role="alert" className="text-sm text-rally-700">
          {errorMessage(follow.error, 'Could not follow the team. Please try again.')}
        </p>
      )}
      <Button type="submit" disabled={asking || follow.isPending}>
        {asking || follow.isPending ? 'Sending…' : 'Follow'}
      </Button>
    </form>
  );
}
