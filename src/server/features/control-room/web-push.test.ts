import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, signUpAdmin } from '../../test/auth';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { pushSubscriptions, users } from '../../db/schema';
import { isPublicAddress, pushAddressRule } from '../../services/push-endpoint';
import { PUSH_SUBSCRIPTIONS_PER_ACCOUNT, PUSH_SUBSCRIPTIONS_PER_TEAM } from '../../services/team-push-subscriptions';
import { PUSH_FAILURES_TO_DROP, startPushWorker } from './push-send';
import { localCertificate } from '../../test/local-certificate';

/**
 * Web Push against a local HTTPS server playing the push service (RFC 8030): web-push POSTs the
 * message encrypted for the browser's keys (RFC 8291, aes128gcm), with `Authorization: vapid t=<JWT>,
 * k=<public key>` (RFC 8292) and a TTL. The service answers 201, or 410 for a subscription that is gone.
 */
type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };
let received: Received[] = [];
/** Answers the push service holds back: it does not answer a `/slow/` address until told. */
const held = new Map<string, () => void>();
let pushService: https.Server;
let base: string;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  // The push service plays on this machine: its own address is let through for this file
  // (push-endpoint.test.ts shows every local address refused).
  pushAddressRule.allowed = (address) => address === '127.0.0.1' || isPublicAddress(address);
  const tls = localCertificate();
  https.globalAgent.options.ca = [tls.cert];
  pushService = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      if (req.url?.startsWith('/slow/')) held.set(req.url, () => res.writeHead(201).end());
      else res.writeHead(req.url?.startsWith('/gone/') ? 410 : req.url?.startsWith('/broken/') ? 500 : 201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  app = await createTestApp({ jobs: true, env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  await startPushWorker(app);
  admin = (await signUpAdmin(app)).cookie;
}, 30_000);
afterAll(async () => {
  // Test files share loaded modules: the next file gets the site's own rule.
  pushAddressRule.allowed = isPublicAddress;
  await app.close();
  await new Promise((r) => pushService.close(r));
});

/** What a browser's PushManager makes: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
}

async function subscribe(cookie: string, kind: 'ok' | 'gone' | 'slow' | 'broken') {
  const browser = browserKeys();
  const endpoint = `${base}/${kind}/${randomBytes(8).toString('hex')}`;
  const res = await post(app, cookie, '/api/my-rally-app/push-subscription', { endpoint, keys: browser.keys });
  expect(res.statusCode, res.body).toBe(201);
  return { endpoint, path: new URL(endpoint).pathname, ...browser };
}

const decrypt = (body: Buffer, ecdh: ECDH, auth: Buffer) =>
  JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'));

describe('web push of messages to teams', () => {
  it('reaches the subscribed phones, signed with the site’s VAPID key and encrypted for the phone; a 410 removes the subscription', async () => {
    const one = await teamDriver(app);
    const other = await teamDriver(app);
    const phone = await subscribe(one.cookie, 'ok');
    const gone = await subscribe(other.cookie, 'gone');
    const { publicKey } = (await app.inject({ url: '/api/my-rally-app/push-public-key', headers: { cookie: one.cookie } })).json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Made once and kept: the other phone (and every instance) gets the same key.
    expect((await app.inject({ url: '/api/my-rally-app/push-public-key', headers: { cookie: other.cookie } })).json().publicKey).toBe(
      publicKey,
    );

    const sent = await post(app, admin, '/api/admin/control-room/messages', { body: 'Ferry delayed: meet at the port at 7' });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect.poll(() => received.map((r) => r.path), { timeout: 10_000 }).toEqual(expect.arrayContaining([phone.path, gone.path]));
    const push = received.find((r) => r.path === phone.path)!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    const jwt = JSON.parse(Buffer.from(String(push.headers.authorization).split(/[=.]/)[2]!, 'base64url').toString());
    expect(jwt.aud).toBe(base);
    expect(decrypt(push.body, phone.ecdh, phone.auth)).toMatchObject({ body: 'Ferry delayed: meet at the port at 7', url: '/rally-app' });

    await expect
      .poll(async () => (await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, gone.endpoint))).length)
      .toBe(0);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, phone.endpoint))).toHaveLength(1);
  });

  it('a message to one team is pushed to that team’s phones only', async () => {
    const one = await teamDriver(app);
    const other = await teamDriver(app);
    const mine = await subscribe(one.cookie, 'ok');
    const theirs = await subscribe(other.cookie, 'ok');
    received = [];
    await post(app, admin, '/api/admin/control-room/messages', { body: 'Your hotel changed', signupId: one.team.id });
    // A message to all teams after it: once its push reached the other team, the first one's would have too.
    await post(app, admin, '/api/admin/control-room/messages', { body: 'Good night all' });
    await expect.poll(() => received.filter((r) => r.path === theirs.path).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => received.filter((r) => r.path === mine.path).length, { timeout: 10_000 }).toBe(2);
    expect(decrypt(received.find((r) => r.path === theirs.path)!.body, theirs.ecdh, theirs.auth).body).toBe('Good night all');
  });

  it('the team’s SOS seen and resolved are pushed to that team’s phones only, in the rally’s time', async () => {
    const team = await teamDriver(app);
    const other = await teamDriver(app);
    const mine = await subscribe(team.cookie, 'ok');
    const theirs = await subscribe(other.cookie, 'ok');
    received = [];
    const id = (await post(app, team.cookie, '/api/my-rally-app/sos', { clientId: randomUUID() })).json().id as number;
    expect((await post(app, admin, `/api/admin/control-room/sos/${id}/seen`, {})).statusCode).toBe(200);
    expect((await post(app, admin, `/api/admin/control-room/sos/${id}/resolve`, { note: 'Truck on its way' })).statusCode).toBe(200);
    await expect.poll(() => received.filter((r) => r.path === mine.path).length, { timeout: 10_000 }).toBe(2);
    const bodies = received.filter((r) => r.path === mine.path).map((r) => decrypt(r.body, mine.ecdh, mine.auth).body);
    // The rally clock is 12:00 UTC: 14:00 in Paris.
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Seen by the organisers at 14:00 CEST\./),
        'Resolved at 14:00 CEST: Truck on its way',
      ]),
    );
    expect(received.some((r) => r.path === theirs.path)).toBe(false);
  });

  it('a push service that does not answer holds up no other phone', async () => {
    const slow = [await subscribe((await teamDriver(app)).cookie, 'slow'), await subscribe((await teamDriver(app)).cookie, 'slow')];
    const ok = await subscribe((await teamDriver(app)).cookie, 'ok');
    received = [];
    await post(app, admin, '/api/admin/control-room/messages', { body: 'Roadworks on the N137' });
    // Both unanswered pushes open at once, and the other phone reached: one at a time, the second
    // would wait for the first to time out (15 s), and so would the phone after it.
    await expect.poll(() => slow.filter((phone) => held.has(phone.path)).length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => received.some((r) => r.path === ok.path), { timeout: 10_000 }).toBe(true);
    for (const answer of held.values()) answer();
    held.clear();
  });

  it('a subscription is refused without valid keys or an https address, removed by its owner, and erased with the account', async () => {
    const driver = await teamDriver(app);
    const { keys } = browserKeys();
    for (const bad of [
      { endpoint: 'http://127.0.0.1/x', keys },
      { endpoint: `${base}/ok/x`, keys: { p256dh: 'short', auth: keys.auth } },
      { endpoint: `${base}/ok/x` },
    ])
      expect((await post(app, driver.cookie, '/api/my-rally-app/push-subscription', bad)).statusCode).toBe(400);
    const kept = await subscribe(driver.cookie, 'ok');
    const other = await teamDriver(app);
    const del = (cookie: string) =>
      app.inject({
        method: 'DELETE',
        url: '/api/my-rally-app/push-subscription',
        headers: { cookie },
        payload: { endpoint: kept.endpoint },
      });
    expect((await del(other.cookie)).statusCode).toBe(404);
    expect((await del(driver.cookie)).statusCode).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, kept.endpoint))).toHaveLength(0);

    const again = await subscribe(driver.cookie, 'ok');
    await app.db.delete(users).where(eq(users.id, driver.user.id));
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, again.endpoint))).toHaveLength(0);
  });

  it('an account keeps its newest five subscriptions: a sixth replaces the oldest', async () => {
    const driver = await teamDriver(app);
    const phones = [];
    for (let i = 0; i <= PUSH_SUBSCRIPTIONS_PER_ACCOUNT; i++) phones.push(await subscribe(driver.cookie, 'ok'));
    const kept = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, driver.user.id));
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    expect(kept.map((k) => k.endpoint)).not.toContain(phones[0]!.endpoint);
    expect(kept.map((k) => k.endpoint)).toContain(phones.at(-1)!.endpoint);
  });

  it('a team keeps its newest ten subscriptions: one more replaces the team’s oldest, whoever made it', async () => {
    // Its driver and co-driver keep five each, so only subscriptions of people no longer on the team
    // (kept from before they lost them on leaving, or written to the table as here) can take a team
    // past ten: the team's own cap still holds it there.
    const driver = await teamDriver(app);
    const others = [await signUp(app), await signUp(app)];
    const earlier = Date.now() - 3_600_000;
    const left = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_TEAM }, (_, i) => ({
      userId: others[i % 2]!.user.id,
      signupId: driver.team.id,
      endpoint: `${base}/ok/left-${randomBytes(8).toString('hex')}`,
      ...browserKeys().keys,
      createdAt: new Date(earlier + i * 1000),
    }));
    await app.db.insert(pushSubscriptions).values(left);
    const phone = await subscribe(driver.cookie, 'ok');
    const kept = (await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.signupId, driver.team.id))).map(
      (k) => k.endpoint,
    );
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_TEAM);
    expect(kept).toContain(phone.endpoint);
    expect(kept).not.toContain(left[0]!.endpoint);
    expect(kept).toEqual(expect.arrayContaining(left.slice(1).map((l) => l.endpoint)));
  });

  it('an endpoint that fails five pushes in a row is dropped', async () => {
    const driver = await teamDriver(app);
    const broken = await subscribe(driver.cookie, 'broken');
    for (let i = 1; i <= PUSH_FAILURES_TO_DROP; i++) {
      await post(app, admin, '/api/admin/control-room/messages', { body: `Message ${i}`, signupId: driver.team.id });
      await expect.poll(() => received.filter((r) => r.path === broken.path).length, { timeout: 10_000 }).toBe(i);
    }
    await expect
      .poll(async () => (await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, broken.endpoint))).length)
      .toBe(0);
  });
});
