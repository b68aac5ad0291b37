import { describe, expect, it, vi } from 'vitest';
import type { MyClue, MyClues } from '@common/schemas/clues';
import { interceptFetch, renderForm } from '../../../test/form-harness';
import { memoryQueueStorage } from '../memory-queue-storage';
import { newSharedQueue, RallyQueueProvider } from '../rally-queue';
import { ClueHints } from './clue-hints';
import { QueueStatus } from './queue-status';
import { SafetySection } from '../../../pages/rally-app/safety-section';
import { UpdatesSection } from '../../../pages/rally-app/updates-section';

function app(children: React.ReactNode) {
  const memory = memoryQueueStorage();
  const shared = newSharedQueue(memory.storage);
  const ui = (
    <RallyQueueProvider userId="u1" shared={shared}>
      <QueueStatus />
      {children}
    </RallyQueueProvider>
  );
  return { memory, ui };
}

describe("the rally app's queue as the team sees it", () => {
  it('says an SOS is NOT sent when the site asks for a login, with a way to log in and 112, and keeps it', async () => {
    interceptFetch({ 'POST /api/my-rally-app/sos': () => new Response('Unauthorized', { status: 401 }) });
    const { memory, ui } = app(<SafetySection />);
    const { user, screen } = renderForm(ui, { supportEmail: 'help@rally.test' });
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));

    expect(await screen.findByText('Your SOS is NOT sent: log in to send it.')).toBeTruthy();
    const sos = screen.getByText('Your SOS is NOT sent: log in to send it.').parentElement!;
    expect(sos.textContent).toContain('help@rally.test');
    expect(sos.textContent).toContain('call 112');
    expect(screen.getAllByRole('link', { name: /Log in/ }).map((a) => a.getAttribute('href'))).toEqual([
      '/login?next=%2Frally-app',
      '/login?next=%2Frally-app',
    ]);
    expect(screen.getByText(/You need to log in again: 1 thing you did waits on this phone/)).toBeTruthy();
    expect(screen.queryByText(/Unauthorized/)).toBeNull();
    expect(memory.saved().map((a) => a.kind)).toEqual(['sos']);
  });

  it("does not show the earlier SOS's resolution under a new SOS that waits on the phone", async () => {
    interceptFetch({
      'GET /api/my-rally-app/status': () => ({
        teamName: 'Clueless in Cannes',
        today: '2026-09-10',
        allOkToday: null,
        openSos: {
          id: 3,
          clientId: '7f1f3c1e-1111-4a4a-9c9c-000000000003',
          raisedAt: '2026-09-10T12:05:00.000Z',
          madeAt: '2026-09-10T12:05:00.000Z',
          arrivedAt: '2026-09-10T12:05:00.000Z',
          seenAt: '2026-09-10T12:07:00.000Z',
          resolvedAt: '2026-09-10T12:40:00.000Z',
          resolveNote: 'Closed by walk',
        },
      }),
      'POST /api/my-rally-app/sos': () => new Response('Unauthorized', { status: 401 }),
    });
    const { ui } = app(<SafetySection />);
    const { user, screen } = renderForm(ui, { supportEmail: 'help@rally.test', timeZone: 'Europe/Paris' });
    expect(await screen.findByText('Resolved at 14:40: Closed by walk')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    expect(await screen.findByText('Your SOS is NOT sent: log in to send it.')).toBeTruthy();
    expect(screen.queryByText(/Resolved at/)).toBeNull();
  });

  it("gives the organisers' phone numbers beside 112 while an SOS waits for a login, when the settings have them", async () => {
    interceptFetch({ 'POST /api/my-rally-app/sos': () => new Response('Unauthorized', { status: 401 }) });
    const { ui } = app(<SafetySection />);
    const { user, screen } = renderForm(ui, { supportEmail: 'help@rally.test', organiserPhones: 'Anna +33 6 12 34 56 78' });
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    const sos = (await screen.findByText('Your SOS is NOT sent: log in to send it.')).parentElement!;
    expect(sos.textContent).toContain('Anna +33 6 12 34 56 78');
    expect(sos.textContent).toContain('call 112');
  });

  it('no longer says an SOS the site refused is on its way: the refusal is at the top with what to do', async () => {
    interceptFetch({ 'POST /api/my-rally-app/sos': () => Response.json({ message: 'Your team is not in this rally.' }, { status: 404 }) });
    const { ui } = app(<SafetySection />);
    const { user, screen } = renderForm(ui, { supportEmail: 'help@rally.test' });
    await user.click(screen.getByRole('button', { name: 'SOS' }));
    await user.click(screen.getByRole('button', { name: 'Yes, send SOS' }));
    const list = await screen.findByRole('alert');
    expect(list.textContent).toMatch(/An SOS made at \d\d:\d\d: Your team is not in this rally\./);
    expect(list.textContent).toContain('Call the organisers now, or 112 in danger.');
    expect(screen.queryByText(/Your SOS is on its way/)).toBeNull();
    expect(screen.getByRole('button', { name: 'SOS' })).toBeTruthy();
  });

  it('shows a refused act once at the top with the plain reason and what to do, until dismissed', async () => {
    interceptFetch({
      'POST /api/my-rally-app/updates': () => Response.json({ message: 'Updates are closed for this rally.' }, { status: 409 }),
      'GET /api/my-rally-app/updates': () => [],
      'GET /api/my-followers': () => ({ teams: [{ signupId: 1, followers: 3 }] }),
    });
    const { memory, ui } = app(<UpdatesSection rally={{ team: { id: 1, teamName: 'Harbour Hawks' } } as MyClues} />);
    const { user, screen } = renderForm(ui, { timeZone: 'Europe/Paris' });
    await user.type(screen.getByLabelText('Your update', { exact: true }), 'At the harbour');
    await user.click(screen.getByRole('button', { name: 'Post update' }));

    const list = await screen.findByRole('alert');
    expect(list.textContent).toContain('Could not be sent');
    expect(list.textContent).toMatch(/An update \(“At the harbour”\) made at \d\d:\d\d: Updates are closed for this rally\./);
    expect(list.textContent).toContain('Post it again if you still want your supporters to read it.');
    expect(screen.getAllByText(/Updates are closed for this rally/)).toHaveLength(1);
    expect(memory.saved()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Dismiss this message' }));
    await vi.waitFor(() => expect(screen.queryByText('Could not be sent')).toBeNull());
  });

  it('asks before taking a hint without signal, and shows it as charged when sent', async () => {
    interceptFetch({});
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    const clue = {
      id: 3,
      hints: [{ id: 'c0ffee00-0000-4000-8000-000000000000', cost: 10, taken: false, text: null }],
    } as unknown as MyClue;
    const { ui } = app(<ClueHints clue={clue} open />);
    const { user, screen } = renderForm(ui);
    await user.click(screen.getByRole('button', { name: 'Take hint 1 (costs 10 points)' }));
    expect(screen.getByText('You have no signal: the hint will cost 10 points when it is sent. Take it?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, take it' }));
    expect(await screen.findByText('Hint 1: charged when sent (−10 points)')).toBeTruthy();
  });
});
