import { describe, expect, it } from 'vitest';
import type { MyClues, PublicStanding } from '@common/schemas/clues';
import { TIE_RULE } from '@common/tie-rule';
import { interceptFetch, renderForm } from '../../../test/form-harness';
import { StandingsSection } from './standings-section';

const line = (rank: number, signupId: number, teamName: string, total: number): PublicStanding => ({
  rank,
  signupId,
  teamName,
  cluePoints: total,
  hintCost: 0,
  penalties: 0,
  total,
  placesVisited: 0,
  days: [],
});

describe('the rally app’s standings', () => {
  it('lists the teams in the site’s order, level ones too, marks the team’s own and says the tie rule /live says', async () => {
    // Level on 90: the site ranked them by its tie rule, and the app keeps its order and places.
    interceptFetch({
      'GET /api/clues/standings': () => ({
        year: 2026,
        teams: [line(1, 8, 'Late Risers', 90), line(2, 7, 'Early Birds', 90), line(3, 9, 'Slow Coaches', 40)],
      }),
    });
    const rally = { team: { id: 7 } } as MyClues;
    const { screen } = renderForm(<StandingsSection rally={rally} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1.Late Risers90 pts', '2.Early Birds(your team)90 pts', '3.Slow Coaches40 pts']);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText(TIE_RULE)).toBeTruthy();
  });
});
