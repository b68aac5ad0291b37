import { describe, expect, it, vi } from 'vitest';
import { FOLLOW_STARTED } from '@common/schemas/followers';
import { interceptFetch, renderForm } from '../../test/form-harness';
import { fromBase64Url } from '../../lib/base64url';
import { FollowTeam } from './index';

const PUBLIC_KEY = 'BExampleVapidPublicKeyOfSixtyFiveBytesEncodedAsBase64UrlWithoutPaddingXYZabcdefghijklmnopq';
const SUBSCRIPTION = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } };

/** A browser with service workers, Push and notifications, whose person answers `answer` when asked. */
function browserWithPush(answer: NotificationPermission) {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const registration = { active: {}, pushManager: { getSubscription: async () => null, subscribe } };
  const register = vi.fn(async () => registration);
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
  return { register, subscribe, requestPermission };
}

function followerRoutes() {
  return interceptFetch({
    'GET /api/followers/push-key': () => ({ publicKey: PUBLIC_KEY }),
    'POST /api/fundraising/teams/5/followers': () => ({ message: FOLLOW_STARTED }),
  });
}

async function openForm() {
  const { user, screen } = renderForm(<FollowTeam signupId={5} teamName="Clueless in Cannes" />);
  await user.click(screen.getByRole('button', { name: /Follow this team/ }));
  await user.type(await screen.findByLabelText('Email'), 'fan@example.com');
  return { user, screen };
}

describe('"Also notify this browser" on the follow form', () => {
  it('is not offered where the browser has no service worker, Push or notifications', async () => {
    followerRoutes();
    const { screen } = await openForm();
    expect(screen.getByLabelText('Keep hearing about the team after the results')).toBeTruthy();
    expect(screen.queryByLabelText('Also notify this browser')).toBeNull();
  });

  it('asks on the click, subscribes with the site’s key through the followers’ worker, and sends the subscription with the follow', async () => {
    const browser = browserWithPush('granted');
    const { changes } = followerRoutes();
    const { user, screen } = await openForm();
    await user.click(screen.getByLabelText('Also notify this browser'));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText(FOLLOW_STARTED)).toBeTruthy();
    expect(screen.getByText(/This browser will be notified of the updates too/)).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.register).toHaveBeenCalledWith('/follower-sw.js', { scope: '/follower-push/' });
    expect(browser.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: fromBase64Url(PUBLIC_KEY) });
    expect(changes()).toHaveLength(1);
    expect(changes()[0]).toMatchObject({
      url: '/api/fundraising/teams/5/followers',
      body: { email: 'fan@example.com', push: SUBSCRIPTION },
    });
  });

  it('still sends the e-mail follow when notifications are refused, and says this browser will not be notified', async () => {
    const browser = browserWithPush('denied');
    const { changes } = followerRoutes();
    const { user, screen } = await openForm();
    await user.click(screen.getByLabelText('Also notify this browser'));
    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText(FOLLOW_STARTED)).toBeTruthy();
    expect(screen.getByText(/This browser will not be notified: notifications were not allowed/)).toBeTruthy();
    expect(browser.register).not.toHaveBeenCalled();
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.body).toMatchObject({ email: 'fan@example.com' });
    expect(changes()[0]!.body).not.toHaveProperty('push');
  });

  it('still sends the e-mail follow when subscribing fails, and says so', async () => {
    const browser = browserWithPush('granted');
    browser.subscribe.mockRejectedValueOnce(new Error('no push service'));
    const { changes } = followerRoutes();
    const { user, screen } = await openForm();
    await user.click(screen.getByLabelText('Also notify this browser'));
    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText(FOLLOW_STARTED)).toBeTruthy();
    expect(screen.getByText(/This browser will not be notified: it could not be signed up/)).toBeTruthy();
    expect(changes()).toHaveLength(1);
    expect(changes()[0]!.body).not.toHaveProperty('push');
  });

  it('sends no subscription and asks nothing when left unticked', async () => {
    const browser = browserWithPush('granted');
    const { changes } = followerRoutes();
    const { user, screen } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Follow' }));

    expect(await screen.findByText(FOLLOW_STARTED)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(changes()[0]!.body).not.toHaveProperty('push');
    expect(screen.queryByText(/This browser will/)).toBeNull();
  });
});
