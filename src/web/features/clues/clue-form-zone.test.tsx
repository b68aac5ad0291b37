import { fireEvent, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClueForm } from './clue-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

/**
 * The organiser's browser may be anywhere: this file runs with the browser's zone in New York
 * (Node takes a TZ set while it runs), and the rally in Paris.
 */
const browserZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('the clue form in a browser in New York, for a rally in Paris', () => {
  it("stores 16:30 typed in the rally's zone as 14:30Z", async () => {
    // The browser's own clock reads New York time (EDT, UTC-4).
    expect(new Date('2026-09-10T14:30:00Z').getHours()).toBe(10);
    const { changes } = interceptFetch({ 'POST /api/admin/clues': (body) => ({ id: 1, ...(body as object) }) });
    const { user, screen } = renderForm(<ClueForm day={2} days={[1, 2, 3, 4]} />, { timeZone: 'Europe/Paris' });
    await user.type(screen.getByLabelText('Title'), 'The ramparts');
    await user.type(screen.getByLabelText('Clue text'), 'How many gates has the old town?');
    fireEvent.change(screen.getByLabelText('Released at (Paris time)'), { target: { value: '2026-09-10T16:30' } });
    await user.type(screen.getByLabelText(/^Place/), 'St Malo');
    await user.type(screen.getByLabelText(/^Accepted answers/), 'Seven');
    await user.click(screen.getByRole('button', { name: 'Add clue' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect((changes()[0]!.body as { releaseAt: string }).releaseAt).toBe('2026-09-10T14:30:00.000Z');
  });

  it('shows a saved release in the rally zone, not the browser’s', () => {
    const { screen } = renderForm(
      <ClueForm
        clue={{
          id: 12,
          rallyYear: 2026,
          day: 2,
          date: '2026-09-10',
          title: 'The ramparts',
          body: 'How many gates?',
          releaseAt: '2026-09-10T14:30:00.000Z',
          released: false,
          place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
          radiusMetres: 200,
          points: 50,
          answerKind: 'text',
          acceptedAnswers: ['Seven'],
          hints: [],
          answerCount: 0,
        }}
        day={2}
        days={[1, 2, 3, 4]}
      />,
      { timeZone: 'Europe/Paris' },
    );
    expect(screen.getByLabelText('Released at (Paris time)')).toHaveProperty('value', '2026-09-10T16:30');
  });
});
