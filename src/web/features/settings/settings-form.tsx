import { useId } from 'react';
import { useForm, type FieldPath, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { RallySettings, RallySettingsEdit, ReviewFact } from '@common/schemas/rally-settings';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label, Textarea } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useSaveSettings } from './api';
import { formValues, settingsFormSchema, type SettingsFormValues } from './settings-form-values';

type Name = FieldPath<SettingsFormValues>;
type Field = {
  name: Name;
  label: string;
  hint?: string;
  kind?: 'text' | 'number' | 'date' | 'instant' | 'email' | 'url' | 'long' | 'check';
  /** The fact a new season asks the organisers to check, when this field holds it. */
  review?: ReviewFact;
};

/** The settings, grouped as an organiser thinks of them; each hint says where the value shows. */
const groups: { title: string; fields: Field[] }[] = [
  {
    title: 'The rally',
    fields: [
      { name: 'productName', label: 'Product name', hint: 'The name on every page and e-mail.' },
      { name: 'shortName', label: 'Short name' },
      { name: 'edition', label: 'Edition', hint: 'As the home page words it, e.g. "eleventh".', review: 'edition' },
      { name: 'startPort', label: 'Start port', review: 'route' },
      { name: 'destination', label: 'Destination', review: 'destination' },
      { name: 'routeLabel', label: 'Route label', hint: 'The start port and the destination, as the pages word them.', review: 'route' },
      {
        name: 'rallyStart',
        label: 'First rally day',
        kind: 'date',
        hint: 'The countdown runs to it. The home page, dashboard and e-mails show the rally days.',
        review: 'dates',
      },
      {
        name: 'rallyEnd',
        label: 'Last rally day',
        kind: 'date',
        hint: 'The day after it the site says the rally has finished.',
        review: 'dates',
      },
      {
        name: 'tripStart',
        label: 'First day of the trip',
        kind: 'date',
        hint: 'This Year and the registered page show the whole trip.',
        review: 'dates',
      },
      {
        name: 'tripEnd',
        label: 'Last day of the trip',
        kind: 'date',
        hint: 'Passports and medical details are erased a set time after it.',
        review: 'dates',
      },
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
      // The money story (src/common/money-story.ts): the deposit is part of the entry cost.
      {
        name: 'entryCostPence',
        label: 'Entry cost per team (£)',
        kind: 'number',
        hint: 'The whole cost of a place, deposit included. Empty: "to be announced". Shown on the signup form, e-mails and About.',
        review: 'cost',
      },
      {
        name: 'costNote',
        label: 'Cost note',
        kind: 'long',
        hint: 'Said after the entry cost: when it will be announced, or when the balance is due.',
        review: 'cost',
      },
      {
        name: 'depositAmountPence',
        label: 'Deposit (£)',
        kind: 'number',
        hint: 'What "Pay Deposit Now" charges online and what every page and e-mail names.',
      },
      {
        name: 'depositLink',
        label: 'Deposit payment link',
        kind: 'url',
        hint: 'Where "Pay Deposit Now" goes when online payment is not set up.',
      },
      { name: 'showOnlyPaidTeams', label: "Who's Registered lists only teams whose deposit is paid or who are confirmed", kind: 'check' },
    ],
  },
  {
    title: 'Fundraising',
    fields: [
      {
        name: 'minimumSponsorshipPerCar',
        label: 'Minimum sponsorship per car (£)',
        kind: 'number',
        hint: "Part of the team's minimum fundraising, so at most that.",
      },
      {
        name: 'minimumFundraisingPerTeam',
        label: 'Minimum fundraising per team (£)',
        kind: 'number',
        hint: "Every team's target unless it sets a higher one.",
      },
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
      {
        name: 'eventGivingUrl',
        label: "Event's online giving page",
        kind: 'url',
        hint: 'Empty: none. Donate pages of teams without their own page link here, with the team reference.',
      },
      { name: 'eventGivingLabel', label: 'Button text for that page', hint: 'e.g. "Give online by card".' },
    ],
  },
  {
    title: 'Contacts and e-mail',
    fields: [
      { name: 'supportEmail', label: 'Support e-mail', kind: 'email' },
      { name: 'organisationName', label: 'Organisation (privacy notice)' },
      { name: 'privacyContact', label: 'Privacy contact e-mail', kind: 'email' },
      { name: 'getUpdatesDoubleOptIn', label: 'Get Updates subscribers confirm by a link before they are opted in', kind: 'check' },
      { name: 'trackLinkClicks', label: 'Count the recipients who click a link in mailing-list e-mails', kind: 'check' },
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
      {
        name: 'wrongAnswerPenaltyPoints',
        label: 'Points a wrong answer costs',
        kind: 'number',
        hint: '0: wrong answers cost nothing. Whatever this is, a team can give only 5 wrong answers to a clue (15 in all) in 10 minutes.',
      },
    ],
  },
  {
    title: 'The live rally',
    fields: [
      {
        name: 'organiserPhones',
        label: "Organisers' phone numbers during the rally",
        kind: 'text',
        hint: "Shown in the rally app beside 112 when a team's SOS cannot be sent (no signal, or its login expired). For example: Anna +33 6 12 34 56 78, Tom +44 7700 900123.",
      },
      {
        name: 'timeZone',
        label: "The rally's time zone",
        kind: 'text',
        hint: 'Every time the site shows or takes (clue releases, the rally app, the control room, e-mails) is in this zone, and says so. A name such as Europe/Paris.',
      },
      {
        name: 'livePositionDelayMinutes',
        label: 'Delay of team positions on the live map (minutes)',
        kind: 'number',
        hint: 'Supporters see where a sharing team was at least this long ago, rounded to about 1 km. Teams see their own position at once.',
      },
      {
        name: 'controlRoomSilentHours',
        label: 'Flag a team as silent after (hours)',
        kind: 'number',
        hint: 'The control room marks a team not heard from (no position, answer, check-in, All OK or SOS) for this long, and on rally days (from 08:00 to the All OK evening hour) the organisers are e-mailed once per silence.',
      },
      {
        name: 'sosEscalateMinutes',
        label: 'E-mail an unacknowledged SOS again after (minutes)',
        kind: 'number',
        hint: 'An SOS no organiser has marked seen in the control room by then is e-mailed again, marked UNACKNOWLEDGED, to every organiser account and the notification address.',
      },
      {
        name: 'allOkEveningHour',
        label: '"All OK tonight" expected by (hour, 0 to 23)',
        kind: 'number',
        hint: "In the rally's time zone. From this hour on a trip day the control room lists the teams that have not said All OK tonight, and the organisers get one e-mail naming them.",
      },
      {
        name: 'actGraceHours',
        label: 'Hours an act made without signal may take to arrive',
        kind: 'number',
        hint: "An answer, hint or check-in made before its day's end (say at 23:50) still counts for that day if the phone sends it within this many hours of midnight.",
      },
      {
        name: 'positionSharingEndsDaysAfterRally',
        label: 'Position sharing ends (days after the last rally day)',
        kind: 'number',
        hint: 'Then every team’s sharing switches off by itself, tracker addresses stop taking positions and the public map shows no team.',
      },
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
  toReview,
}: {
  form: UseFormReturn<SettingsFormValues, unknown, RallySettingsEdit>;
  field: Field;
  id: string;
  toReview: boolean;
}) {
  const kind = field.kind ?? 'text';
  const inputId = `${id}-${field.name}`;
  const error = errorAt(form, field.name);
  const described =
    [toReview ? `${inputId}-review` : '', field.hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
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
      {toReview && <ReviewMark id={`${inputId}-review`} />}
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

/** Beside a fact copied from last season: the organisers check it before registration opens. */
function ReviewMark({ id }: { id: string }) {
  return (
    <span id={id} className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Needs review
    </span>
  );
}

/** What a new season's marks mean, above the form until the organisers save it. */
function ReviewNotice({ settings }: { settings: RallySettings }) {
  return (
    <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      The {settings.year} season has started with last season's facts. Check the ones marked <strong>Needs review</strong> (
      {settings.needsReview.join(', ')}) and save: until then the public pages say the next rally is being prepared, and registration stays
      closed.
    </p>
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
      {settings.needsReview.length > 0 && <ReviewNotice settings={settings} />}
      {groups.map((group) => (
        <fieldset key={group.title} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <legend className="px-1 text-lg font-semibold text-navy-900">{group.title}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {group.fields.map((field) => (
              <SettingField
                key={field.name}
                form={form}
                field={field}
                id={id}
                toReview={Boolean(field.review && settings.needsReview.includes(field.review))}
              />
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
