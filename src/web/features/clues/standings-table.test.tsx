import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStandings } from '@common/schemas/clues';
import { StandingsTable } from './standings-table';
import { interceptFetch, renderForm } from '../../test/form-harness';

const days = [1, 2, 3, 4].map((day) => ({ day, answered: 0, released: 1 }));
const standings: AdminStandings = {
  year: 2026,
  teams: [
    {
      rank: 1,
      signupId: 7,
      teamName: 'Rusty Rockets',
      cluePoints: 90,
      hintCost: 5,
      penalties: 0,
      total: 85,
      placesVisited: 2,
      days,
      lastScoredAt: null,
      pendingPhotos: 0,
    },
    {
      rank: 2,
      signupId: 9,
      teamName: 'Blue Bombers',
      cluePoints: 90,
      hintCost: 0,
      penalties: 20,
      total: 70,
      placesVisited: 1,
      days,
      lastScoredAt: null,
      pendingPhotos: 1,
    },
  ],
  penaltyList: [
    {
      id: 3,
      signupId: 9,
      teamName: 'Blue Bombers',
      points: 20,
      reason: 'Ran a red light',
      day: 2,
      createdBy: 'admin@example.test',
      createdAt: '2026-09-10T12:00:00Z',
    },
  ],
};

describe("the organisers' standings", () => {
  it('show each team’s penalties and the list of penalties with their reasons', async () => {
    interceptFetch({ 'GET /api/admin/clues/standings': () => standings });
    const { screen } = renderForm(<StandingsTable />);
    expect(await screen.findByRole('columnheader', { name: 'Penalties' })).toBeTruthy();
    const bombers = screen.getAllByRole('row').find((r) => r.textContent?.includes('Blue Bombers'))!;
    expect(bombers.textContent).toContain('−20');
    expect(screen.getByText(/Ran a red light/)).toBeTruthy();
  });

  it('give a team a penalty with points, reason and day', async () => {
    const { changes } = interceptFetch({
      'GET /api/admin/clues/standings': () => standings,
      'POST /api/admin/clues/penalties': () => standings.penaltyList[0],
    });
    const { user, screen } = renderForm(<StandingsTable />);
    await user.click(await screen.findByRole('button', { name: 'Penalty for Rusty Rockets' }));
    const form = screen.getByRole('form', { name: 'Penalty for Rusty Rockets' });
    await user.click(screen.getByRole('button', { name: 'Give penalty' }));
    expect(form.textContent).toContain('Points must be a whole number, at least 1');
    expect(changes()).toEqual([]);
    await user.type(screen.getByLabelText('Points'), '15');
    await user.type(screen.getByLabelText('Reason (the team reads it)'), 'Late to the control');
    await user.selectOptions(screen.getByLabelText('Rally day'), '3');
    await user.click(screen.getByRole('button', { name: 'Give penalty' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'POST',
      url: '/api/admin/clues/penalties',
      body: { signupId: 7, points: 15, reason: 'Late to the control', day: 3 },
    });
  });

  it('remove a penalty after asking', async () => {
    const { changes } = interceptFetch({
      'GET /api/admin/clues/standings': () => standings,
      'DELETE /api/admin/clues/penalties/3': () => ({ ok: true, id: 3 }),
    });
    const { user, screen } = renderForm(<StandingsTable />);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(changes()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove penalty' }));
    await waitFor(() => expect(changes()).toEqual([{ method: 'DELETE', url: '/api/admin/clues/penalties/3', body: undefined }]));
  });
});
