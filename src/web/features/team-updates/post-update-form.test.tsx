import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderForm } from '../../test/form-harness';
import type { NewTeamUpdate } from './api';
import { PostUpdateForm } from './post-update-form';

describe('the team update form', () => {
  it('keeps the same clientId for a retry after a failure, and takes a new one once sent', async () => {
    const sent: NewTeamUpdate[] = [];
    const onSubmit = vi.fn(async (u: NewTeamUpdate) => {
      sent.push(u);
      if (sent.length === 1) throw new Error('No signal');
    });
    const { user, screen } = renderForm(<PostUpdateForm onSubmit={onSubmit} />);
    const body = screen.getByLabelText('Your update');
    await user.type(body, '  Crossed the Loire!  ');
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not posted: No signal');
    expect((body as HTMLTextAreaElement).value).toBe('  Crossed the Loire!  ');

    await user.click(screen.getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect((body as HTMLTextAreaElement).value).toBe(''));
    expect(sent.map((u) => u.body)).toEqual(['Crossed the Loire!', 'Crossed the Loire!']);
    expect(sent[1]!.clientId).toBe(sent[0]!.clientId);
    expect(sent[0]).not.toHaveProperty('photo');

    await user.type(body, 'Next stop Lyon');
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.clientId).not.toBe(sent[0]!.clientId);
  });

  it('refuses an empty update without sending', async () => {
    const onSubmit = vi.fn(async () => {});
    const { user, screen } = renderForm(<PostUpdateForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Post update' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please write your update.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
