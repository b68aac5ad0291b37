import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import type { DayStory as Story } from '@common/schemas/clues';
import { TIE_RULE } from '@common/tie-rule';
import { DayStory } from './day-story';
import { interceptFetch, renderForm } from '../../test/form-harness';

const told: Story = {
  year: 2026,
  opensOn: '2026-09-13',
  open: true,
  days: [
    {
      day: 1,
      date: '2026-09-09',
      clues: [
        {
          id: 1,
          title: 'The harbour',
          body: 'Where do the oyster boats land?',
          placeName: 'Gorey',
          points: 40,
          answerKind: 'text',
          acceptedAnswers: ['Gorey', 'Gorey harbour'],
          solvedBy: 2,
          firstSolver: { signupId: 7, teamName: 'Early Birds' },
        },
        {
          id: 2,
          title: 'The lighthouse',
          body: 'Photograph the keeper’s door.',
          placeName: 'Cap Fréhel',
          points: 30,
          answerKind: 'photo',
          acceptedAnswers: [],
          solvedBy: 0,
          firstSolver: null,
        },
      ],
      leaders: [{ signupId: 8, teamName: 'Late Risers', points: 40 }],
      updates: [
        {
          id: 3,
          signupId: 8,
          teamName: 'Late Risers',
          body: 'Oysters for lunch at Cancale',
          photoUrl: '/files/team-updates/oysters.jpg',
          createdAt: '2026-09-09T12:30:00Z',
        },
      ],
    },
  ],
  comingDays: [{ day: 4, date: '2026-09-12', showsOn: '2026-09-14' }],
};

describe("the hunt's day-by-day story on /rally/{year}", () => {
  it('tells each day: its clues with the answers, who solved them, the day’s leader and the teams’ updates with a Donate link', async () => {
    interceptFetch({ 'GET /api/clues/2026/story': () => told });
    const { screen } = renderForm(<DayStory year={2026} />);
    expect(await screen.findByRole('heading', { name: 'The Treasure Hunt, Day by Day' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Day 1 · Wednesday,? 9 September/ })).toBeTruthy();
    expect(screen.getByText(/Leading the day: Late Risers \(40 points\)/)).toBeTruthy();
    expect(screen.getByText(/Answer: Gorey \/ Gorey harbour · The place: Gorey/)).toBeTruthy();
    expect(screen.getByText('Solved by 2 teams; first: Early Birds')).toBeTruthy();
    // The same tie rule as /live, the rally app and the results.
    expect(screen.getByText(TIE_RULE, { exact: false })).toBeTruthy();
    expect(screen.getByText('Nobody solved it.')).toBeTruthy();
    const update = screen.getByRole('article', { name: 'Update from Late Risers' });
    expect(update.textContent).toContain('Oysters for lunch at Cancale');
    const links = within(update)
      .getAllByRole('link')
      .map((a) => [a.textContent?.trim(), a.getAttribute('href')]);
    expect(links).toContainEqual(['Donate to Late Risers', '/donate/8']);
    expect(screen.getByText(/Day 4 \(Saturday,? 12 September\) appears here on Monday,? 14 September/)).toBeTruthy();
  });

  it('shows a loading line, then nothing while the rally is not over', async () => {
    interceptFetch({ 'GET /api/clues/2026/story': () => ({ ...told, open: false, days: [], comingDays: [] }) });
    const { screen } = renderForm(<DayStory year={2026} />);
    expect(screen.getByRole('status', { name: 'Loading the treasure hunt' })).toBeTruthy();
    await expect.poll(() => screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says so when no clue was released, where the page has promised the hunt day by day', async () => {
    const empty: Story = { ...told, days: [], comingDays: [] };
    interceptFetch({ 'GET /api/clues/2026/story': () => empty });
    const { screen } = renderForm(<DayStory year={2026} sayWhenEmpty />);
    expect(await screen.findByText('No treasure-hunt clue was released during the 2026 rally.')).toBeTruthy();
  });
});
