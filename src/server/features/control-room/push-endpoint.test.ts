import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { pushSubscriptions, rallyMessages } from '../../db/schema';
import { isPublicAddress } from '../../services/push-endpoint';
import { pushMessage } from './push-send';

/** Push endpoints inside the site's own machine or network are refused (server-side request forgery). */
let app: TestApp;
let admin: string;
/** A port on this machine that counts who connects: the site must never be made to call it. */
let trap: net.Server;
let trapPort: number;
let connections = 0;

beforeAll(async () => {
  trap = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  app = await createTestApp({ env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  admin = (await signUpAdmin(app)).cookie;
}, 30_000);
afterAll(async () => {
  await app.close();
  await new Promise((r) => trap.close(r));
});

function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe('push endpoints reach only push services', () => {
  it('classifies addresses: only public unicast ones pass', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.5',
      'not an address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['142.250.180.10', '17.57.146.52', '2a00:1450:4009:81f::200a'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('a subscription to a loopback, private, link-local or locally resolving host is refused with the reason and stored nowhere', async () => {
    const driver = await teamDriver(app);
    for (const endpoint of [
      `https://127.0.0.1:${trapPort}/`,
      'https://10.0.0.5/push/1',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      `https://localhost:${trapPort}/push`,
    ]) {
      const res = await post(app, driver.cookie, '/api/my-rally-app/push-subscription', { endpoint, keys: keys() });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toMatch(/public push service/);
    }
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, driver.user.id))).toHaveLength(0);
  });

  it('a stored endpoint whose host is local by the time a message goes is not called, and counts as a failure', async () => {
    const driver = await teamDriver(app);
    // As if its name had been pointed at the site's own machine since it was subscribed.
    await app.db
      .insert(pushSubscriptions)
      .values({ userId: driver.user.id, signupId: driver.team.id, endpoint: `https://127.0.0.1:${trapPort}/`, ...keys() });
    const res = await post(app, admin, '/api/admin/control-room/messages', { body: 'Hello', signupId: driver.team.id });
    expect(res.statusCode, res.body).toBe(201);
    const [message] = await app.db.select().from(rallyMessages).where(eq(rallyMessages.id, res.json().id));
    connections = 0;
    expect(await pushMessage(app, await app.rallySettings(), message!.id)).toEqual({ sent: 0, removed: 0 });
    expect(connections).toBe(0);
    const [sub] = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, driver.user.id));
    expect(sub!.failures).toBeGreaterThanOrEqual(1);
  });
});
