import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Send } from 'lucide-react';
import { teamEmailSchema, type BulkSendAnswer } from '@common/schemas/bulk-email';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSendTeamEmail, useTeamAudienceCount } from './api';

const formSchema = teamEmailSchema.pick({ subject: true, message: true });
type FormValues = z.input<typeof formSchema>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The registrations table's "E-mail selected teams": a subject and a plain-text message to the
 * drivers and co-drivers of the ticked teams, with the server's count of addresses before sending
 * and what was queued after. It goes through the bulk e-mail outbox like every other send.
 */
export function TeamEmailDialog({
  teams,
  open,
  onOpenChange,
  onSent,
}: {
  teams: { id: number; teamName: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent?: () => void;
}) {
  const ids = teams.map((t) => t.id);
  const [result, setResult] = useState<BulkSendAnswer | null>(null);
  const count = useTeamAudienceCount(ids, open && !result);
  const send = useSendTeamEmail();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: '', message: '' },
  });
  const addresses = count.data?.count;

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    if (result) reset();
    setResult(null);
    onOpenChange(false);
  };
  const submit = handleSubmit((values) =>
    send.mutate(
      { signupIds: ids, ...values },
      {
        onSuccess: (r) => {
          setResult(r);
          onSent?.();
          toast({ title: 'Email queued', description: r.message });
        },
        onError: (e) => toast({ title: 'Email not sent', description: errorMessage(e, 'Please try again.'), variant: 'destructive' }),
      },
    ),
  );

  if (result) {
    return (
      <Dialog open={open} onOpenChange={close} title="E-mail the selected teams">
        <div role="status" className="space-y-2 text-slate-700">
          <p className="font-semibold text-navy-900">{result.message}.</p>
          <p>
            The messages go out at the site&apos;s sending pace; their progress shows under{' '}
            <a href="#email-communication" className="font-semibold text-navy-700 underline" onClick={() => close(false)}>
              Email Communication
            </a>
            .
          </p>
        </div>
        <div className="mt-6 flex justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            Done
          </Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close} title="E-mail the selected teams">
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-700">
          To the drivers and co-drivers of {plural(teams.length, 'team', 'teams')}: {teams.map((t) => t.teamName).join(', ')}. A message
          about their entry reaches them whatever their newsletter choice; bounced addresses are left out.
        </p>
        {count.isError ? (
          <p role="alert" className="rounded-md bg-rally-500/10 p-2 text-sm text-rally-600">
            {errorMessage(count.error, 'The recipients could not be counted. Please try again.')}
          </p>
        ) : (
          <p className="text-sm text-slate-700" aria-live="polite">
            {addresses === undefined ? (
              'Counting addresses...'
            ) : (
              <>
                This message will go to <strong className="tabular-nums">{addresses}</strong> {addresses === 1 ? 'address' : 'addresses'}.
              </>
            )}
          </p>
        )}
        <div>
          <Label htmlFor="team-email-subject">Subject</Label>
          <Input id="team-email-subject" maxLength={200} aria-invalid={!!errors.subject} {...register('subject')} />
        </div>
        <div>
          <Label htmlFor="team-email-message">Message</Label>
          <Textarea
            id="team-email-message"
            rows={7}
            aria-invalid={!!errors.message}
            aria-describedby="team-email-help"
            {...register('message')}
          />
          <p id="team-email-help" className="mt-1 text-xs text-slate-500">
            Plain text. {'{{firstName}}'} and {'{{teamName}}'} are filled in for each person.
          </p>
        </div>
        <FieldError message={errors.subject?.message ?? errors.message?.message} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={send.isPending || !addresses}>
            <Send className="h-4 w-4" aria-hidden />
            {send.isPending ? 'Sending...' : addresses ? `Send to ${plural(addresses, 'address', 'addresses')}` : 'Send'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
