import { useId, useState, type FormEvent } from 'react';
import type { ControlRoomTeam } from '@common/schemas/control-room';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSendMessage, useSentMessages } from './api';
import { rallyDayTime } from '@common/rally-time';
import { useRallySettings } from '../../lib/rally-settings';

const selectClass = 'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm';

/**
 * "Message teams": to every team or one, shown in their rally app and pushed to the phones that
 * allowed notifications. The messages sent so far are listed below, newest first.
 */
export function MessageTeamsForm({ teams }: { teams: ControlRoomTeam[] }) {
  const id = useId();
  const [to, setTo] = useState('all');
  const [body, setBody] = useState('');
  const send = useSendMessage();
  const sent = useSentMessages();
  const { timeZone } = useRallySettings();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate(
      { body, ...(to === 'all' ? {} : { signupId: Number(to) }) },
      {
        onSuccess: (m) => {
          setBody('');
          toast({ title: 'Message sent', description: m.toAll ? 'To all teams' : `To ${m.teamName}` });
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to send the message'), variant: 'destructive' }),
      },
    );
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-3">
        <div>
          <Label htmlFor={`${id}-to`}>To</Label>
          <select id={`${id}-to`} className={selectClass} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="all">All teams</option>
            {teams.map((t) => (
              <option key={t.signupId} value={t.signupId}>
                {t.teamName}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor={`${id}-body`}>Message</Label>
          <Textarea id={`${id}-body`} rows={3} maxLength={1000} value={body} onChange={(e) => setBody(e.target.value)} />
        </div>
        <Button type="submit" disabled={send.isPending || !body.trim()}>
          Send message
        </Button>
      </form>
      <div>
        <h3 className="mb-1 font-semibold text-navy-900">Sent</h3>
        {sent.isError ? (
          <p className="text-rally-600">The messages could not be loaded. Please refresh the page.</p>
        ) : !sent.data ? (
          <div role="status" aria-label="Loading the messages">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !sent.data.length ? (
          <p className="text-sm text-slate-600">No messages sent yet.</p>
        ) : (
          <ul className="space-y-2" aria-label="Messages sent">
            {sent.data.map((m) => (
              <li key={m.id} className="border-t border-slate-100 pt-2 text-sm">
                <p className="text-slate-500">
                  {rallyDayTime(m.sentAt, timeZone)} · {m.toAll ? 'All teams' : m.teamName}
                </p>
                <p className="whitespace-pre-line">{m.body}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
