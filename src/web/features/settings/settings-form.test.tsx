import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RallySettings } from '@common/schemas/rally-settings';
import { SettingsForm } from './settings-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

const settings: RallySettings = {
  productName: 'Jersey Charity Rally',
  shortName: 'The Rally',
  edition: 'eleventh',
  year: 2026,
  startPort: 'St Helier',
  destination: 'Cannes',
  routeLabel: 'St Helier to Cannes',
  rallyStart: '2026-09-10',
  rallyEnd: '2026-09-13',
  tripStart: '2026-09-09',
  tripEnd: '2026-09-14',
  needsReview: ['dates'],
  entryCostPence: 150000,
  costNote: 'The balance is due in July.',
  depositAmountPence: 50000,
  depositLink: 'https://pay.example.je/deposit',
  minimumSponsorshipPerCar: 500,
  minimumFundraisingPerTeam: 1000,
  eventFundraisingGoal: 50000,
  carLimit: 40,
  organiserNotifications: { address: '', teamRegistered: true, depositPaid: true, teamWithdrew: false, placeOffered: true },
  registrationOpensAt: null,
  registrationClosesAt: '2026-07-31T22:59:00.000Z',
  showOnlyPaidTeams: false,
  publicTotalsVerifiedOnly: true,
  getUpdatesDoubleOptIn: true,
  trackLinkClicks: true,
  supportEmail: 'info@example.je',
  organisationName: 'Jersey Charity Rally',
  privacyContact: 'privacy@example.je',
  charityName: 'Jersey Hospice Care',
  eventGivingUrl: null,
  eventGivingLabel: 'Give online by card',
  cluesPerDay: 20,
  milesBetweenClues: 15,
  milesPerDay: 300,
  firstYear: 2005,
  livePositionDelayMinutes: 30,
  controlRoomSilentHours: 3,
  actGraceHours: 12,
  sosEscalateMinutes: 10,
  allOkEveningHour: 21,
  timeZone: 'Europe/Paris',
  organiserPhones: '',
  wrongAnswerPenaltyPoints: 0,
  positionSharingEndsDaysAfterRally: 1,
  offlineGiving: {
    bankAccountName: 'Jersey Charity Rally',
    bankSortCode: '40-00-00',
    bankAccountNumber: '12345678',
    referencePrefix: 'RALLY-',
    chequesPayableTo: 'Jersey Charity Rally',
    postalAddress: '1 Rue de la Mer, St Helier',
  },
};

/** The settings as the server keeps them once saved: what was sent, the year kept, the review marks cleared. */
const saved = (body: unknown) => ({ ...(body as object), year: 2026, needsReview: [] });

describe('the rally settings form', () => {
  it('shows money in pounds, a missing limit as empty and instants in the browser time', () => {
    interceptFetch({});
    const { screen } = renderForm(<SettingsForm settings={{ ...settings, carLimit: null }} />);
    expect(screen.getByLabelText('Deposit (£)')).toHaveProperty('value', '500');
    expect(screen.getByLabelText('Entry cost per team (£)')).toHaveProperty('value', '1500');
    expect(screen.getByLabelText('Car limit')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Registration opens')).toHaveProperty('value', '');
    const closes = new Date(settings.registrationClosesAt!);
    expect(new Date((screen.getByLabelText('Registration closes') as HTMLInputElement).value).getTime()).toBe(closes.getTime());
  });

  it('sends pounds as pence, typed numbers as numbers, empty boxes as null and instants as ISO times, without the year or the marks', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/settings': saved });
    const { user, screen } = renderForm(<SettingsForm settings={settings} />);
    const retype = async (label: string, value: string) => {
      await user.clear(screen.getByLabelText(label));
      if (value) await user.type(screen.getByLabelText(label), value);
    };
    await retype('Destination', 'Monaco');
    await retype('Deposit (£)', '450.50');
    await retype('Entry cost per team (£)', '');
    await retype('Car limit', '');
    await retype('Minimum fundraising per team (£)', '1200');
    await retype('Clues per day', '25');
    await retype('Sort code', '40-11-22');
    await user.click(screen.getByLabelText(/^Who's Registered lists only teams/));
    await user.click(screen.getByLabelText('E-mail the organisers when a team withdraws'));
    // Date and time boxes take their value whole, as a browser's picker gives it.
    fireEvent.change(screen.getByLabelText('Registration opens'), { target: { value: '2026-03-01T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    const { year: _year, needsReview: _marks, ...unchanged } = settings;
    expect(changes()[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/settings',
      body: {
        ...unchanged,
        destination: 'Monaco',
        depositAmountPence: 45050,
        entryCostPence: null,
        carLimit: null,
        minimumFundraisingPerTeam: 1200,
        cluesPerDay: 25,
        showOnlyPaidTeams: true,
        organiserNotifications: { ...settings.organiserNotifications, teamWithdrew: true },
        offlineGiving: { ...settings.offlineGiving, bankSortCode: '40-11-22' },
        // The browser's own time, as the organiser typed it.
        registrationOpensAt: new Date(2026, 2, 1, 9, 0).toISOString(),
      },
    });
    // The form starts again from what the server kept.
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).toBeNull());
    expect(screen.getByLabelText('Deposit (£)')).toHaveProperty('value', '450.50');
  });

  it('sends nothing while a rule of the shared schema fails, and names it beside its field', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/settings': saved });
    const { user, screen } = renderForm(<SettingsForm settings={settings} />);
    await user.clear(screen.getByLabelText('Entry cost per team (£)'));
    await user.type(screen.getByLabelText('Entry cost per team (£)'), '400');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('The entry cost cannot be less than the deposit (the deposit is part of it)')).toBeTruthy();
    expect(screen.getByLabelText('Entry cost per team (£)').getAttribute('aria-invalid')).toBe('true');
    expect(changes()).toEqual([]);
  });
});
