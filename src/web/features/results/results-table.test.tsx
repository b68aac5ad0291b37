import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamResult } from '@common/schemas/results';
import { ResultsTable } from './results-table';
import { interceptFetch, renderForm } from '../../test/form-harness';

const teams: TeamResult[] = [
  { signupId: 7, teamName: 'Rusty Rockets', driverName: 'Olivia Le Sueur', coDriverName: null, rank: null, carNumber: 12, score: null },
  { signupId: 9, teamName: 'Blue Bombers', driverName: 'Bo Brown', coDriverName: 'Cass Codriver', rank: 2, carNumber: 3, score: 80 },
  { signupId: 11, teamName: 'Slow Coaches', driverName: 'Sam Slow', coDriverName: null, rank: null, carNumber: null, score: null },
];
const stored = () => ({ year: 2026, teams, published: 0 });

describe("the organisers' results table", () => {
  it('saves one row: typed cells as numbers, an emptied cell as null', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/results/2026': stored });
    const { user, screen } = renderForm(<ResultsTable year={2026} teams={teams} />);
    await user.clear(screen.getByLabelText('Rank of Blue Bombers'));
    await user.type(screen.getByLabelText('Rank of Blue Bombers'), ' 1 ');
    await user.clear(screen.getByLabelText('Score of Blue Bombers'));
    await user.click(screen.getByRole('button', { name: /^Save\s*Blue Bombers$/ }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'PUT',
      url: '/api/admin/results/2026',
      body: { results: [{ signupId: 9, rank: 1, carNumber: 3, score: null }] },
    });
  });

  it('saves every changed row at once, and only those', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/results/2026': stored });
    const { user, screen } = renderForm(<ResultsTable year={2026} teams={teams} />);
    await user.clear(screen.getByLabelText('Rank of Blue Bombers'));
    await user.type(screen.getByLabelText('Rank of Blue Bombers'), '3');
    await user.type(screen.getByLabelText('Rank of Slow Coaches'), '2');
    await user.type(screen.getByLabelText('Car number of Slow Coaches'), '5');
    expect(screen.getByText('2 rows changed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save all changes' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toEqual({
      results: [
        { signupId: 9, rank: 3, carNumber: 3, score: 80 },
        { signupId: 11, rank: 2, carNumber: 5, score: null },
      ],
    });
  });

  it('sends nothing while a cell is not a number, and says so under it', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/results/2026': stored });
    const { user, screen } = renderForm(<ResultsTable year={2026} teams={teams} />);
    await user.type(screen.getByLabelText('Score of Slow Coaches'), 'lots');
    await user.type(screen.getByLabelText('Rank of Rusty Rockets'), '1');
    await user.click(screen.getByRole('button', { name: 'Save all changes' }));

    expect(await screen.findByText('Score must be a number')).toBeTruthy();
    expect(screen.getByLabelText('Score of Slow Coaches').getAttribute('aria-invalid')).toBe('true');
    expect(changes()).toEqual([]);
  });

  it("puts the server's refusal under the cell of the row it names", async () => {
    const clash = {
      message: 'Car number 3 is already taken',
      issues: [{ path: ['results', 1, 'carNumber'], message: 'Car number 3 is taken' }],
    };
    interceptFetch({ 'PUT /api/admin/results/2026': () => new Response(JSON.stringify(clash), { status: 400 }) });
    const { user, screen } = renderForm(<ResultsTable year={2026} teams={teams} />);
    await user.type(screen.getByLabelText('Rank of Rusty Rockets'), '1');
    await user.type(screen.getByLabelText('Rank of Slow Coaches'), '4');
    await user.type(screen.getByLabelText('Car number of Slow Coaches'), '3');
    await user.click(screen.getByRole('button', { name: 'Save all changes' }));

    expect(await screen.findByText('Car number 3 is taken')).toBeTruthy();
    expect(screen.getByLabelText('Car number of Slow Coaches').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Car number of Rusty Rockets').getAttribute('aria-invalid')).toBeNull();
  });
});
