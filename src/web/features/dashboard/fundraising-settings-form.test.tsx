import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DriverView } from '@common/schemas/signup';
import { FundraisingSettingsForm } from './fundraising-settings-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

// The form reads only the team's fundraising fields.
const team = (changes: Partial<DriverView> = {}) =>
  ({ id: 7, fundraisingTarget: null, story: null, newDonationEmails: true, ...changes }) as DriverView;
const updated = (body: unknown) => {
  const { fundraisingTarget, story, newDonationEmails } = body as Pick<DriverView, 'fundraisingTarget' | 'story' | 'newDonationEmails'>;
  return team({ fundraisingTarget, story, newDonationEmails });
};

describe("the team's target and story form", () => {
  it("starts from the rally's minimum in pounds when the team has no target of its own", () => {
    interceptFetch({});
    const { screen } = renderForm(<FundraisingSettingsForm signup={team()} />, { minimumFundraisingPerTeam: 1000 });
    expect(screen.getByLabelText('Fundraising target (£)')).toHaveProperty('value', '1000');
    expect(screen.getByLabelText('Your story')).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^E-mail me about new donations/)).toHaveProperty('checked', true);
  });

  it('sends the target in pence with the story and the e-mail choice', async () => {
    const { changes } = interceptFetch({ 'PATCH /api/my-signup/fundraising': updated });
    const { user, screen } = renderForm(<FundraisingSettingsForm signup={team({ fundraisingTarget: 150000, story: 'For Gran' })} />, {
      minimumFundraisingPerTeam: 1000,
    });
    expect(screen.getByLabelText('Fundraising target (£)')).toHaveProperty('value', '1500');
    await user.clear(screen.getByLabelText('Fundraising target (£)'));
    await user.type(screen.getByLabelText('Fundraising target (£)'), '2500');
    await user.type(screen.getByLabelText('Your story'), ', who drove it in 2005.');
    await user.click(screen.getByLabelText(/^E-mail me about new donations/));
    await user.click(screen.getByRole('button', { name: 'Save Target and Story' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'PATCH',
      url: '/api/my-dashboard/team/fundraising',
      body: { fundraisingTarget: 250000, story: 'For Gran, who drove it in 2005.', newDonationEmails: false },
    });
  });

  it("sends nothing for a target under the rally's minimum, and says so beside the box", async () => {
    const { changes } = interceptFetch({ 'PATCH /api/my-signup/fundraising': updated });
    const { user, screen } = renderForm(<FundraisingSettingsForm signup={team()} />, { minimumFundraisingPerTeam: 1000 });
    await user.clear(screen.getByLabelText('Fundraising target (£)'));
    await user.type(screen.getByLabelText('Fundraising target (£)'), '10');
    await user.click(screen.getByRole('button', { name: 'Save Target and Story' }));

    await waitFor(() => expect(screen.getByLabelText('Fundraising target (£)').getAttribute('aria-invalid')).toBe('true'));
    expect(changes()).toEqual([]);
  });
});
