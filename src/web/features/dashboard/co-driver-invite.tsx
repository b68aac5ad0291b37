import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { coDriverInvitationSchema } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useInviteCoDriver, type MySignup } from './api';

type Input = z.input<typeof coDriverInvitationSchema>;
type Output = z.output<typeof coDriverInvitationSchema>;

const empty: Input = { firstName: '', lastName: '', email: '' };

/** The driver's card to invite a co-driver or change who it is; the co-driver then sees the team. */
export function CoDriverInvite({ signup }: { signup: MySignup }) {
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
  const current = signup.coDriverEmail;

  const onSubmit = form.handleSubmit((invitation) =>
    invite.mutate(invitation, {
      onSuccess: (updated) => {
        form.reset(empty);
        toast({
          title: 'Invitation sent!',
          description: `We have e-mailed ${updated.coDriverEmail ?? 'your co-driver'} a link to join your team.`,
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
        <p className="text-sm text-slate-600">
          {current
            ? `Your co-driver's address is ${current}. Inviting someone else gives them access to the team instead.`
            : 'Your co-driver gets an e-mail with a link to create an account and see the team, their own details and your fundraising.'}
        </p>
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
