import { useId } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RallySettings, RallySettingsEdit } from '@common/schemas/rally-settings';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSaveSettings } from './api';
import { formValues, settingsFormSchema, type SettingsFormValues } from './settings-form-values';

type Name = FieldPath<SettingsFormValues>;
type Field = {
  name: Name;
  label: string;
  hint?: string;
  kind?: 'text' | 'number' | 'date' | 'instant' | 'email' | 'url' | 'long' | 'check';
};

/** The settings, grouped as an organiser thinks of them; each hint says where the value shows. */
const groups: { title: string; fields: Field[] }[] = [
  {
    title: 'The rally',
    fields: [
      { name: 'productName', label: 'Product name', hint: 'The name on every page and e-mail.' },
      { name: 'shortName', label: 'Short name' },
      { name: 'edition', label: 'Edition', hint: 'As the home page words it, e.g. "eleventh".' },
      { name: 'startPort', label: 'Start port' },
      { name: 'destination', label: 'Destination' },
      { name: 'routeLabel', label: 'Route label', hint: 'The start port and the destination, as the pages word them.' },
      { name: 'datesShort', label: 'Dates (home and dashboard)' },
      { name: 'datesLong', label: 'Dates (this year and registered)' },
      { name: 'countdownDate', label: 'First day (the countdown)', kind: 'date' },
      { name: 'lastDay', label: 'Last day', kind: 'date', hint: 'Passports and medical details are erased a set time after it.' },
      { name: 'firstYear', label: 'Year of the first rally', kind: 'number' },
    ],
  },
  {
    title: 'Registration and deposits',
    fields: [
      { name: 'carLimit', label: 'Car limit', kind: 'number', hint: 'Empty: no limit. Past it, new teams join the waiting list.' },
      { name: 'registrationOpensAt', label: 'Registration opens', kind: 'instant', hint: 'Empty: open now.' },
      {
        name: 'registrationClosesAt',
        label: 'Registration closes',
        kind: 'instant',
        hint: 'Empty: no closing date. Organisers can still add teams.',
      },
      { name: 'depositAmountPence', label: 'Deposit amount (£)', kind: 'number', hint: 'What "Pay Deposit Now" charges online.' },
      {
        name: 'depositLink',
        label: 'Deposit payment link',
        kind: 'url',
        hint: 'Where "Pay Deposit Now" goes when online payment is not set up.',
      },
      { name: 'costNote', label: 'Cost text', kind: 'long' },
      { name: 'showOnlyPaidTeams', label: "Who's Registered lists only teams whose deposit is paid or who are confirmed", kind: 'check' },
    ],
  },
  {
    title: 'Fundraising',
    fields: [
      { name: 'minimumSponsorshipPerCar', label: 'Minimum sponsorship per car (£)', kind: 'number' },
      {
        name: 'minimumFundraisingPerTeam',
        label: 'Minimum fundraising per team (£)',
        kind: 'number',
        hint: "Every team's target unless it sets a higher one.",
      },
      { name: 'depositMinimum', label: 'Deposit minimum (£)', kind: 'number', hint: 'As the registration e-mail and dashboard word it.' },
      { name: 'eventFundraisingGoal', label: 'Event fundraising goal (£)', kind: 'number', hint: "The leaderboard's headline bar." },
      { name: 'charityName', label: 'Charity name', hint: "Named on donors' receipts." },
      { name: 'publicTotalsVerifiedOnly', label: 'Public totals count only donations an organiser has verified', kind: 'check' },
    ],
  },
  {
    title: 'Giving without a fundraising page',
    fields: [
      { name: 'offlineGiving.bankAccountName', label: 'Bank account name' },
      { name: 'offlineGiving.bankSortCode', label: 'Sort code' },
      { name: 'offlineGiving.bankAccountNumber', label: 'Account number' },
      {
        name: 'offlineGiving.referencePrefix',
        label: 'Reference prefix',
        hint: 'The bank reference is this and the team number, e.g. RALLY-12.',
      },
      { name: 'offlineGiving.chequesPayableTo', label: 'Cheques payable to' },
      { name: 'offlineGiving.postalAddress', label: 'Postal address', kind: 'long' },
    ],
  },
  {
    title: 'Contacts and e-mail',
    fields: [
      { name: 'supportEmail', label: 'Support e-mail', kind: 'email' },
      { name: 'organisationName', label: 'Organisation (privacy notice)' },
      { name: 'privacyContact', label: 'Privacy contact e-mail', kind: 'email' },
      { name: 'getUpdatesDoubleOptIn', label: 'Get Updates subscribers confirm by a link before they are opted in', kind: 'check' },
    ],
  },
  {
    title: "Organisers' notifications",
    fields: [
      {
        name: 'organiserNotifications.address',
        label: 'Send them to',
        kind: 'email',
        hint: 'Empty: the support e-mail. A shared mailbox: the settings are public.',
      },
      { name: 'organiserNotifications.teamRegistered', label: 'E-mail the organisers when a team registers', kind: 'check' },
      { name: 'organiserNotifications.depositPaid', label: 'E-mail the organisers when a team pays its deposit', kind: 'check' },
      { name: 'organiserNotifications.teamWithdrew', label: 'E-mail the organisers when a team withdraws', kind: 'check' },
      {
        name: 'organiserNotifications.placeOffered',
        label: 'E-mail the organisers when a team at the top of the waiting list is given a place',
        kind: 'check',
      },
    ],
  },
  {
    title: 'The clues',
    fields: [
      { name: 'cluesPerDay', label: 'Clues per day', kind: 'number' },
      { name: 'milesBetweenClues', label: 'Miles between clues', kind: 'number' },
      { name: 'milesPerDay', label: 'Miles per day', kind: 'number' },
    ],
  },
];

const inputType = { text: 'text', number: 'number', date: 'date', instant: 'datetime-local', email: 'email', url: 'url' } as const;

function errorAt(form: UseFormReturn<SettingsFormValues, unknown, RallySettingsEdit>, name: Name): string | undefined {
  const [head, tail] = name.split('.') as [keyof SettingsFormValues, string | undefined];
  const error = form.formState.errors[head] as { message?: string; [k: string]: unknown } | undefined;
  return tail ? (error?.[tail] as { message?: string } | undefined)?.message : error?.message;
}

function SettingField({
  form,
  field,
  id,
}: {
  form: UseFormReturn<SettingsFormValues, unknown, RallySettingsEdit>;
  field: Field;
  id: string;
}) {
  const kind = field.kind ?? 'text';
  const inputId = `${id}-${field.name}`;
  const error = errorAt(form, field.name);
  const described = [field.hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
  if (kind === 'check') {
    return (
      <label className="flex items-start gap-3 text-sm font-medium text-slate-800 sm:col-span-2">
        <input type="checkbox" className="mt-0.5 h-5 w-5 accent-navy-800" {...form.register(field.name)} />
        {field.label}
      </label>
    );
  }
  const common = { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': described, ...form.register(field.name) };
  return (
    <div className={kind === 'long' ? 'sm:col-span-2' : undefined}>
      <Label htmlFor={inputId}>{field.label}</Label>
      {kind === 'long' ? (
        <Textarea rows={2} {...common} />
      ) : (
        <Input type={inputType[kind]} step={kind === 'number' ? 'any' : undefined} {...common} />
      )}
      {field.hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {field.hint}
        </p>
      )}
      <FieldError id={`${inputId}-error`} message={error} />
    </div>
  );
}

/** Every fact of this year's rally that the pages and e-mails show; saved together, audited. */
export function SettingsForm({ settings }: { settings: RallySettings }) {
  const id = useId();
  const form = useForm<SettingsFormValues, unknown, RallySettingsEdit>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: formValues(settings),
  });
  const save = useSaveSettings();
  const submit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          form.reset(formValues(saved));
          toast({ title: 'Settings saved', description: 'Every page now shows them.' });
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to save the settings'), variant: 'destructive' }),
      }),
    () => toast({ title: 'Please check the form', description: 'Some settings need correcting.', variant: 'destructive' }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Rally settings" className="space-y-6">
      {groups.map((group) => (
        <fieldset key={group.title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-navy-900">{group.title}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => (
              <SettingField key={field.name} form={form} field={field} id={id} />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 py-3">
        {form.formState.isDirty && <p className="text-sm text-slate-600">Unsaved changes</p>}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
