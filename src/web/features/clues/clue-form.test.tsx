import { fireEvent, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminClue } from '@common/schemas/clues';
import { ClueForm } from './clue-form';
import { interceptFetch, renderForm } from '../../test/form-harness';

const saved = (changes: Partial<AdminClue> = {}): AdminClue => ({
  id: 12,
  rallyYear: 2026,
  day: 2,
  date: '2026-09-10',
  title: 'The walled city',
  body: 'Which abbey stands on a tidal island?',
  releaseAt: '2026-09-10T09:00:00.000Z',
  released: true,
  place: { name: 'St Malo', coordinates: [-2.026, 48.649] },
  radiusMetres: 200,
  points: 50,
  answerKind: 'text',
  acceptedAnswers: ['Mont-Saint-Michel', 'Le Mont'],
  hints: [{ id: '0b7e8a53-3c3f-4d59-9a51-2d3c7b0f6a11', text: 'Think of tides', cost: 10 }],
  answerCount: 0,
  ...changes,
});

describe('the clue form', () => {
  it('sends a new clue with numbers as numbers, the town’s coordinates, one answer a line and the release as an instant', async () => {
    const { changes } = interceptFetch({ 'POST /api/admin/clues': (body) => ({ ...saved(), ...(body as object) }) });
    const { user, screen } = renderForm(<ClueForm day={3} days={[1, 2, 3, 4]} />);
    await user.type(screen.getByLabelText('Title'), 'Bubbles');
    await user.type(screen.getByLabelText('Clue text'), 'Where is the champagne avenue?');
    fireEvent.change(screen.getByLabelText('Released at (Paris time)'), { target: { value: '2026-09-11T08:30' } });
    await user.type(screen.getByLabelText(/^Place/), 'Épernay');
    await user.clear(screen.getByLabelText('Points'));
    await user.type(screen.getByLabelText('Points'), '40');
    await user.type(screen.getByLabelText(/^Accepted answers/), 'Avenue de Champagne{Enter}  {Enter}Champagne Avenue');
    await user.click(screen.getByRole('button', { name: 'Add a hint' }));
    await user.type(screen.getByLabelText('Hint 1'), 'Moët lives there');
    await user.click(screen.getByRole('button', { name: 'Add clue' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'POST',
      url: '/api/admin/clues',
      body: {
        day: 3,
        title: 'Bubbles',
        body: 'Where is the champagne avenue?',
        // 08:30 typed for a rally in Paris (the default zone): 06:30 UTC, in any browser.
        releaseAt: '2026-09-11T06:30:00.000Z',
        place: { name: 'Épernay', coordinates: [3.954, 49.04] },
        radiusMetres: 200,
        points: 40,
        answerKind: 'text',
        acceptedAnswers: ['Avenue de Champagne', 'Champagne Avenue'],
        hints: [{ text: 'Moët lives there', cost: 5 }],
      },
    });
  });

  it('keeps an existing hint’s id and sends no accepted answers for a photo clue', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/clues/12': (body) => ({ ...saved(), ...(body as object) }) });
    const { user, screen } = renderForm(<ClueForm clue={saved()} day={2} days={[1, 2, 3, 4]} onDone={() => {}} />);
    // 09:00 UTC shown as the wall-clock time in Paris (CEST).
    expect(screen.getByLabelText('Released at (Paris time)')).toHaveProperty('value', '2026-09-10T11:00');
    await user.click(screen.getByLabelText('A photo an organiser approves'));
    await user.clear(screen.getByLabelText('Hint 1 cost'));
    await user.type(screen.getByLabelText('Hint 1 cost'), '12');
    await user.click(screen.getByRole('button', { name: 'Save clue' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    const body = changes()[0]!.body as { answerKind: string; acceptedAnswers: string[]; hints: unknown[]; releaseAt: string };
    expect(body.answerKind).toBe('photo');
    expect(body.acceptedAnswers).toEqual([]);
    expect(body.hints).toEqual([{ id: '0b7e8a53-3c3f-4d59-9a51-2d3c7b0f6a11', text: 'Think of tides', cost: 12 }]);
    expect(body.releaseAt).toBe('2026-09-10T09:00:00.000Z');
  });

  it('shows the shared schema’s message for a blank number and sends nothing', async () => {
    const { changes } = interceptFetch({});
    const { user, screen } = renderForm(<ClueForm clue={saved()} day={2} days={[1, 2, 3, 4]} onDone={() => {}} />);
    await user.clear(screen.getByLabelText('Points'));
    await user.click(screen.getByRole('button', { name: 'Save clue' }));
    expect(await screen.findByText('Points must be a number')).toBeTruthy();
    expect(changes()).toEqual([]);
  });
});
