import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HuntResults } from '@common/schemas/results';
import { TIE_RULE } from '@common/tie-rule';
import { HuntFill } from './hunt-fill';
import { interceptFetch, renderForm } from '../../test/form-harness';

const hunt = (open: boolean, photosWaiting = 0): HuntResults => ({
  year: 2026,
  opensOn: '2026-09-13',
  open,
  hasClues: true,
  photosWaiting,
  teams: [
    { signupId: 7, teamName: 'Alpine Aces', rank: 1, score: 70 },
    { signupId: 8, teamName: 'Bouley Bay', rank: 2, score: 50 },
    { signupId: 9, teamName: 'Catalan Cats', rank: 3, score: 50 },
  ],
});
const filled = {
  message: 'Filled the ranks and scores of 3 teams from the treasure hunt.',
  results: { year: 2026, teams: [], publishedTeams: 0 },
};

describe('fill from the treasure hunt', () => {
  it('warns of photo answers still waiting, and offers to judge them first', async () => {
    interceptFetch({ 'GET /api/admin/results/2026/hunt': () => hunt(true, 2) });
    const { screen } = renderForm(<HuntFill year={2026} />);
    expect(await screen.findByText(/2 photo answers are still waiting for approval/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Judge the photos first' }).getAttribute('href')).toBe('/admin/clues');
  });

  it('says when it becomes available while the rally is still on, and sends nothing', async () => {
    const { changes } = interceptFetch({ 'GET /api/admin/results/2026/hunt': () => hunt(false) });
    const { user, screen } = renderForm(<HuntFill year={2026} />);
    const button = await screen.findByRole('button', { name: /Fill from the treasure hunt/ });
    expect(screen.getByText(/Available from Sunday,? 13 September 2026/)).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await user.click(button);
    expect(changes()).toEqual([]);
  });

  it('states the tie rule the standings use, and asks before replacing results already entered', async () => {
    let asks = 0;
    const { changes } = interceptFetch({
      'GET /api/admin/results/2026/hunt': () => hunt(true),
      'POST /api/admin/results/2026/hunt': (body) =>
        (body as { replace: boolean }).replace
          ? filled
          : (asks++,
            new Response(
              JSON.stringify({ message: '1 team already has a result that the treasure hunt would change: confirm to replace it.' }),
              {
                status: 409,
              },
            )),
    });
    const { user, screen } = renderForm(<HuntFill year={2026} />);
    await user.click(await screen.findByRole('button', { name: /Fill from the treasure hunt/ }));
    expect(screen.getByText(TIE_RULE, { exact: false })).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Replace the results already entered?' })).toBeTruthy();
    expect(screen.getByText(/1 team already has a result/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Replace with the hunt's results" }));
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(asks).toBe(1);
    expect(changes().map((c) => c.body)).toEqual([{ replace: false }, { replace: true }]);
  });
});
