import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTable, type AdminColumn } from './admin-table';

type Team = { id: number; name: string; raised: number };
const columns: AdminColumn<Team>[] = [
  { key: 'name', header: 'Team', cell: (t) => t.name },
  { key: 'raised', header: 'Raised', className: 'text-right', cell: (t) => `£${t.raised}` },
  { key: 'actions', header: <span className="sr-only">Actions</span>, cell: (t) => <button type="button">Edit {t.name}</button> },
];
const teams: Team[] = [
  { id: 1, name: 'Rusty Rockets', raised: 120 },
  { id: 2, name: 'Le Mans Lites', raised: 80 },
];

afterEach(cleanup);

describe('the admin table', () => {
  it('heads each column for screen readers and names the table by its caption', () => {
    render(<AdminTable caption="Teams" columns={columns} rows={teams} rowKey={(t) => t.id} />);
    const table = within(document.body).getByRole('table', { name: 'Teams' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Team', 'Raised', 'Actions']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[1]!.className).toContain('text-right');
  });

  it('renders one row per item with its cells in column order, and the row attributes it is given', () => {
    render(<AdminTable columns={columns} rows={teams} rowKey={(t) => t.id} rowProps={(t) => ({ 'aria-label': t.name })} />);
    const row = within(document.body).getByRole('row', { name: 'Le Mans Lites' });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Le Mans Lites', '£80', 'Edit Le Mans Lites']);
    expect(within(document.body).getAllByRole('row')).toHaveLength(3);
  });

  it('puts the wide table in a named, focusable scrolling box when labelled', () => {
    render(<AdminTable label="Team list" columns={columns} rows={teams} rowKey={(t) => t.id} />);
    expect(within(document.body).getByRole('region', { name: 'Team list' }).getAttribute('tabindex')).toBe('0');
  });

  it('shows the empty state instead of the table when there are no rows', () => {
    render(<AdminTable columns={columns} rows={[]} rowKey={(t) => t.id} empty={<p>No teams yet.</p>} />);
    expect(within(document.body).getByText('No teams yet.')).toBeTruthy();
    expect(within(document.body).queryByRole('table')).toBeNull();
  });
});
