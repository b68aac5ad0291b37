import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { coDriverInvitationSchema } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useInviteCoDriver, useResendInvitation, type DriverView } from './api';

type Input = z.input<typeof coDriverInvitationSchema>;
type Output = z.output<typeof coDriverInvitationSchema>;

const empty: Input = { firstName: '', lastName: '', email: '' };

/** What the card says of the co-driver, by where the invitation stands (the server's coDriverStatus). */
function standing(signup: DriverView): string {
  const current = signup.coDriverEmail;
  switch (signup.coDriverStatus) {
    case 'joined':
      return `Your co-driver (${current}) has joined the team. Inviting someone else ends their access and removes their details.`;
    case 'invited':
      return `We have invited ${current}; they join the team once they accept from the e-mail. Inviting someone else cancels that invitation.`;
    case 'declined':
      return 'The person you invited declined. Invite someone else to be your co-driver.';
    case 'none':
      return 'Your co-driver gets an e-mail with a link to accept or decline. Once they accept, they see the team, their own details and your fundraising.';
  }
}

/** The driver's card to invite a co-driver or change who it is; the co-driver sees the team once they accept. */
export function CoDriverInvite({ signup }: { signup: DriverView }) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(coDriverInvitationSchema),
    defaultValues: empty,
    mode: 'onTouched',
  });
  const {
    register,
    formState: { errors },
  } = form;
  const invite = useInviteCoDriver();
  const resend = useResendInvitation();
  const current = signup.coDriverEmail;

  const sendAgain = () =>
    resend.mutate(undefined, {
      onSuccess: (updated) =>
        toast({ title: 'Invitation sent again', description: `We have e-mailed ${updated.coDriverEmail ?? 'your co-driver'} a new link.` }),
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to send the invitation again'), variant: 'destructive' }),
    });

  const onSubmit = form.handleSubmit((invitation) =>
    invite.mutate(invitation, {
      onSuccess: (updated) => {
        form.reset(empty);
        toast({
          title: 'Invitation sent!',
          description: `We have e-mailed ${updated.coDriverEmail ?? 'your co-driver'} a link to accept or decline joining your team.`,
        });
      },
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Failed to invite your co-driver'), variant: 'destructive' }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">{current ? 'Change Your Co-Driver' : 'Invite Your Co-Driver'}</CardTitle>
        <p className="text-sm text-slate-600">{standing(signup)}</p>
        {signup.coDriverStatus === 'invited' ? (
          <div>
            <Button type="button" variant="outline" disabled={resend.isPending} onClick={sendAgain}>
              {resend.isPending ? 'Sending...' : 'Resend Invitation'}
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" required registration={register('firstName')} error={errors.firstName?.message} />
          <FormField label="Last name" required registration={register('lastName')} error={errors.lastName?.message} />
          <FormField
            className="sm:col-span-2"
            label="Co-driver's email"
            type="email"
            required
            registration={register('email')}
            error={errors.email?.message}
          />
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
