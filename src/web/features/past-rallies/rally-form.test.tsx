import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PastRally } from '@common/schemas/past-rallies';
import { RallyForm } from './rally-form';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { useQueryClient } from '@tanstack/react-query';
import { pastRalliesKey, usePastRallies } from '../../lib/past-rallies';
import { useToasts } from '../../lib/toast';

const past: PastRally = {
  year: 2018,
  destination: 'Monaco',
  title: 'Return to Monaco',
  description: 'Three days along the coast.',
  distance: '1,421 km',
  duration: '',
  routeId: 'y2018',
  imageUrl: '/uploads/monaco.webp',
  plateImageUrl: '/images/hero.webp',
  gallery: [],
  raisedPence: 1234500,
};

const another: PastRally = { ...past, year: 2024, destination: 'Porto', routeId: 'y2024' };

/** As the admin page holds it: a form for the next year to add, a new one when the list changes. */
function FormForNextYear({ added }: { added: PastRally[] }) {
  const { data } = usePastRallies();
  const client = useQueryClient();
  const toasts = useToasts();
  return (
    <>
      {data && <RallyForm defaultYear={2025 - data.length} key={data.length} />}
      <button type="button" onClick={() => (added.push(another), void client.invalidateQueries({ queryKey: pastRalliesKey }))}>
        Another organiser adds a rally
      </button>
      <p role="status" aria-label="Toast">
        {toasts[0]?.title}
      </p>
    </>
  );
}

describe("the organisers' past rally form", () => {
  it("adds a rally: the year typed as a number, its route id following it, the site's picture until one is chosen", async () => {
    const { changes } = interceptFetch({
      'POST /api/admin/past-rallies': (body) => ({ ...(body as object), gallery: [], raisedPence: null }),
    });
    const { user, screen } = renderForm(<RallyForm defaultYear={2025} />, { year: 2026 });
    expect(screen.getByLabelText('Year')).toHaveProperty('value', '2025');
    await user.clear(screen.getByLabelText('Year'));
    await user.type(screen.getByLabelText('Year'), '2013');
    expect(screen.getByRole('status', { name: 'Route id' }).textContent).toBe('y2013');
    await user.type(screen.getByLabelText('Destination'), 'Rome');
    await user.type(screen.getByLabelText('Title'), 'Roman Holiday');
    await user.type(screen.getByLabelText('Description'), 'All roads.');
    await user.type(screen.getByLabelText('Distance'), '2,000 km');
    await user.click(screen.getByRole('button', { name: 'Add Rally' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'POST',
      url: '/api/admin/past-rallies',
      body: {
        year: 2013,
        destination: 'Rome',
        title: 'Roman Holiday',
        description: 'All roads.',
        distance: '2,000 km',
        duration: '',
        routeId: 'y2013',
        imageUrl: '/images/hero.webp',
        plateImageUrl: '/images/hero.webp',
      },
    });
  });

  it('says the rally was added when the list changed, and a new form came, while it was being saved', async () => {
    const added: PastRally[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    interceptFetch({
      'GET /api/past-rallies': () => [...added],
      'POST /api/admin/past-rallies': async (body) => {
        await answered;
        added.push({ ...(body as PastRally), gallery: [], raisedPence: null });
        return added.at(-1);
      },
    });
    const { user, screen } = renderForm(<FormForNextYear added={added} />, { year: 2026 });
    await user.type(await screen.findByLabelText('Destination'), 'Rome');
    await user.type(screen.getByLabelText('Title'), 'Roman Holiday');
    await user.type(screen.getByLabelText('Description'), 'All roads.');
    await user.type(screen.getByLabelText('Distance'), '2,000 km');
    await user.click(screen.getByRole('button', { name: 'Add Rally' }));
    await user.click(screen.getByRole('button', { name: 'Another organiser adds a rally' }));
    await waitFor(() => expect(screen.getByLabelText('Year')).toHaveProperty('value', '2024'));
    answer();

    await waitFor(() => expect(screen.getByRole('status', { name: 'Toast' }).textContent).toBe('Rally added'));
  });

  it("saves an existing rally's fields under its year, without the year, the gallery or the money raised", async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/past-rallies/2018': () => past });
    const done = vi.fn();
    const { user, screen } = renderForm(<RallyForm rally={past} onDone={done} />, { year: 2026 });
    expect(screen.queryByLabelText('Year')).toBeNull();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Back to Monaco');
    await user.click(screen.getByRole('button', { name: 'Save Rally' }));

    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(changes()).toEqual([
      {
        method: 'PUT',
        url: '/api/admin/past-rallies/2018',
        body: {
          destination: 'Monaco',
          title: 'Back to Monaco',
          description: 'Three days along the coast.',
          distance: '1,421 km',
          duration: '',
          routeId: 'y2018',
          imageUrl: '/uploads/monaco.webp',
          plateImageUrl: '/images/hero.webp',
        },
      },
    ]);
  });

  it('sends nothing without a title, and says so beside it', async () => {
    const { changes } = interceptFetch({ 'PUT /api/admin/past-rallies/2018': () => past });
    const { user, screen } = renderForm(<RallyForm rally={past} />, { year: 2026 });
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Save Rally' }));

    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(changes()).toEqual([]);
  });
});
