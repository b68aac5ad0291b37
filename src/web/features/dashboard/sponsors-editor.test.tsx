import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyTeamView } from './api';
import { SponsorsEditor } from './sponsors-editor';
import { interceptFetch, renderForm } from '../../test/form-harness';

// The editor reads only the team's sponsors and the viewer's role.
const team = { role: 'driver', sponsors: [{ name: 'Bakery', url: 'https://bakery.example.je' }] } as MyTeamView;
const routes = { 'PATCH /api/my-signup': (body: unknown) => ({ ...team, ...(body as object) }) };

describe("the team's sponsors", () => {
  it('adds one at once: the whole list is sent with the new sponsor, its address trimmed', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<SponsorsEditor signup={team} />);
    await user.type(screen.getByLabelText('Sponsor name'), 'Garage');
    await user.type(screen.getByLabelText('Sponsor URL'), ' https://garage.example.je ');
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({
      method: 'PATCH',
      url: '/api/my-dashboard/team',
      body: {
        sponsors: [
          { name: 'Bakery', url: 'https://bakery.example.je' },
          { name: 'Garage', url: 'https://garage.example.je' },
        ],
      },
    });
  });

  it('removes one at once: the list is sent without it', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<SponsorsEditor signup={team} />);
    await user.click(screen.getByRole('button', { name: 'Remove sponsor Bakery' }));

    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]!.body).toEqual({ sponsors: [] });
  });

  it('sends nothing without an address, and asks for both', async () => {
    const { changes } = interceptFetch(routes);
    const { user, screen } = renderForm(<SponsorsEditor signup={team} />);
    await user.type(screen.getByLabelText('Sponsor name'), 'Garage');
    await user.click(screen.getByRole('button', { name: 'Add Sponsor' }));

    expect(await screen.findByText('Please enter both a sponsor name and a URL.')).toBeTruthy();
    expect(changes()).toEqual([]);
  });

  it("offers a co-driver no Remove on the driver's sponsor, and says who added each", async () => {
    const sponsors = [
      { name: 'Bakery', url: 'https://bakery.example.je' },
      { name: 'Garage', url: 'https://garage.example.je', recordedBy: 'co-driver' as const },
    ];
    const { screen } = renderForm(<SponsorsEditor signup={{ ...team, role: 'co-driver', sponsors } as MyTeamView} />);

    expect(screen.queryByRole('button', { name: 'Remove sponsor Bakery' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove sponsor Garage' })).toBeTruthy();
    const [bakery, garage] = screen.getAllByRole('listitem');
    expect(bakery!.textContent).toContain('Recorded by your driver');
    expect(garage!.textContent).toContain('Recorded by you');
  });
});
