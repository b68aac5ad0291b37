import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { defaultTeamTarget, teamTarget } from '@common/fundraising';
import { formatPence, poundsBox } from '@common/money';
import { STORY_MAX, fundraisingSettingsFormSchema } from '@common/schemas/fundraising';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import type { DriverView } from '@common/schemas/signup';
import { useUpdateFundraising } from './api';
import type { RallySettings } from '@common/schemas/rally-settings';
import { useRallySettings } from '../../lib/rally-settings';

type FormSchema = ReturnType<typeof fundraisingSettingsFormSchema>;
type Values = z.input<FormSchema>;
type Output = z.output<FormSchema>;

const valuesOf = (s: DriverView, rallySettings: RallySettings): Values => ({
  target: poundsBox(teamTarget(s.fundraisingTarget, rallySettings)),
  story: s.story ?? '',
  newDonationEmails: s.newDonationEmails,
});

/** The team's target (the rally minimum or higher) and the story its donate page tells: the driver's to set. */
export function FundraisingSettingsForm({ signup }: { signup: DriverView }) {
  const rallySettings = useRallySettings();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(fundraisingSettingsFormSchema(rallySettings)),
    defaultValues: valuesOf(signup, rallySettings),
  });
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const update = useUpdateFundraising();
  const id = useId();
  const storyLength = watch('story').length;
  const targetError = errors.target?.message;

  const submit = form.handleSubmit((v) =>
    update.mutate(
      { fundraisingTarget: v.target, story: v.story, newDonationEmails: v.newDonationEmails },
      {
        onSuccess: (updated) => {
          form.reset(valuesOf(updated, rallySettings));
          toast({ title: 'Details updated!', description: 'Your target and story are on your donate page.' });
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to update information'), variant: 'destructive' }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Target and story" className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <h3 className="text-base font-semibold text-navy-900">Your target, story and e-mails</h3>
      <div>
        <Label htmlFor={`${id}-target`}>Fundraising target (£)</Label>
        <Input
          id={`${id}-target`}
          type="number"
          inputMode="numeric"
          step="1"
          min={defaultTeamTarget(rallySettings) / 100}
          {...register('target')}
          aria-invalid={targetError ? true : undefined}
          aria-describedby={`${id}-target-hint${targetError ? ` ${id}-target-error` : ''}`}
        />
        <p id={`${id}-target-hint`} className="mt-1 text-xs text-slate-500">
          At least the rally minimum of {formatPence(defaultTeamTarget(rallySettings))}; aim higher if you like.
        </p>
        <FieldError id={`${id}-target-error`} message={targetError} />
      </div>
      <div>
        <Label htmlFor={`${id}-story`}>Your story</Label>
        <Textarea
          id={`${id}-story`}
          rows={5}
          maxLength={STORY_MAX}
          {...register('story')}
          aria-invalid={errors.story ? true : undefined}
          aria-describedby={`${id}-story-hint${errors.story ? ` ${id}-story-error` : ''}`}
        />
        <p id={`${id}-story-hint`} className="mt-1 text-xs text-slate-500">
          Why you are driving, and for whom. Shown on your donate page. {storyLength}/{STORY_MAX}
        </p>
        <FieldError id={`${id}-story-error`} message={errors.story?.message} />
      </div>
      <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
        <input type="checkbox" className="h-5 w-5 accent-navy-800" {...register('newDonationEmails')} />
        E-mail me about new donations the organisers record
      </label>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Target and Story'}
        </Button>
      </div>
    </form>
  );
}
