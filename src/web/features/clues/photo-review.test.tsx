import { describe, expect, it } from 'vitest';
import type { PendingPhoto } from '@common/schemas/clues';
import { PhotoReview } from './photo-review';
import { interceptFetch, renderForm } from '../../test/form-harness';

const photo = (fields: Partial<PendingPhoto>): PendingPhoto => ({
  id: 1,
  signupId: 7,
  teamName: 'Rusty Rockets',
  clueId: 3,
  clueTitle: 'The ramparts',
  day: 2,
  photoUrl: '/uploads/clue-photos/a.webp',
  answeredAt: '2026-09-10T09:05:00Z',
  receivedAt: '2026-09-10T09:06:00Z',
  position: { lat: 48.65, lng: -2.026, accuracy: 12 },
  distanceMetres: 111,
  place: { name: 'St Malo', lat: 48.649, lng: -2.026, radiusMetres: 200 },
  releaseAt: '2026-09-10T09:00:00Z',
  ...fields,
});

describe('the photos waiting for approval', () => {
  it('show when and where each was taken beside the clue’s place and release time', async () => {
    interceptFetch({
      'GET /api/admin/clues/photos': () => [
        photo({}),
        photo({ id: 2, teamName: 'Early Snappers', answeredAt: '2026-09-10T08:30:00Z', position: null, distanceMetres: null }),
      ],
    });
    const { screen } = renderForm(<PhotoReview />);
    const first = (await screen.findByText(/Rusty Rockets/)).closest('li')!;
    expect(first.textContent).toContain('Thu 10 Sept, 10:05');
    expect(first.textContent).toContain('Released');
    expect(first.textContent).toContain('Thu 10 Sept, 10:00');
    expect(first.textContent).toMatch(/48\.65000, -2\.02600 \(±12 m\): 111 m from St Malo, within its radius/);
    expect(first.textContent).not.toContain('before the release');
    const second = screen.getByText(/Early Snappers/).closest('li')!;
    expect(second.textContent).toContain('before the release');
    expect(second.textContent).toContain('The phone gave no position. The place: St Malo.');
  });
});
