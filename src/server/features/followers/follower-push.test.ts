import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ece from 'http_ece';
import { createTestApp, type TestApp } from '../../test/app';
import { post, RALLY_DAY_CLOCK, teamDriver } from '../../test/clues';
import { teamFollowerPushes, teamFollowers } from '../../db/schema';
import { isPublicAddress, pushAddressRule } from '../../services/push-endpoint';
import { localCertificate } from '../../test/local-certificate';

/**
 * Web Push of a team's updates to its followers' browsers, against a local HTTPS server playing the
 * push service (as features/control-room/web-push.test.ts does): 201, or 410 for a `/gone/` address.
 */
type Received = { path: string; body: Buffer };
const received: Received[] = [];
let pushService: https.Server;
let base: string;
let app: TestApp;

beforeAll(async () => {
  // The push service plays on this machine: its own address is let through for this file only.
  pushAddressRule.allowed = (address) => address === '127.0.0.1' || isPublicAddress(address);
  const tls = localCertificate();
  https.globalAgent.options.ca = [tls.cert];
  pushService = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  app = await createTestApp({ jobs: true, env: { RALLY_CLOCK: RALLY_DAY_CLOCK } });
  app.bulkMail.configure({ ratePerSecond: 1000 });
  await app.teamFollowers.start();
}, 30_000);
afterAll(async () => {
  pushAddressRule.allowed = isPublicAddress;
  await app.close();
  await new Promise((r) => pushService.close(r));
});

let n = 0;
/** What a browser's PushManager makes: an endpoint, a P-256 key pair and a 16-byte auth secret. */
function browser(kind: 'ok' | 'gone') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const endpoint = `${base}/${kind}/${randomBytes(8).toString('hex')}`;
  return {
    ecdh,
    auth,
    endpoint,
    path: new URL(endpoint).pathname,
    push: { endpoint, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } },
  };
}
const decrypt = (body: Buffer, ecdh: ECDH, auth: Buffer) =>
  JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8'));

const follow = (signupId: number, body: object) =>
  app.inject({ method: 'POST', url: `/api/fundraising/teams/${signupId}/followers`, payload: body, remoteAddress: `10.2.0.${++n}` });

/** A follow with this browser's subscription, confirmed (or not) from its e-mail. */
async function followWithPush(signupId: number, kind: 'ok' | 'gone', confirmed = true) {
  const email = `push-fan${++n}-${randomUUID().slice(0, 6)}@supporters.test`;
  const b = browser(kind);
  const res = await follow(signupId, { email, push: b.push });
  expect(res.statusCode, res.body).toBe(202);
  if (confirmed) {
    const token = /\/follow\/confirm\/([\w.-]+)/.exec(app.mail.sent.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
    expect((await app.inject({ method: 'POST', url: '/api/followers/confirm', payload: { token } })).statusCode).toBe(200);
  }
  const [row] = await app.db.select().from(teamFollowers).where(eq(teamFollowers.email, email));
  return { ...b, email, token: row!.token };
}

async function postUpdate(cookie: string, body: string) {
  const res = await post(app, cookie, '/api/my-rally-app/updates', { clientId: randomUUID(), body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

const pushesTo = (p: string) => received.filter((r) => r.path === p);

describe('web push to followers', () => {
  it('pushes each update to the browsers of confirmed follows, opening it on the donate page; a 410 removes it; stopped and waiting follows get none', async () => {
    const { team, cookie } = await teamDriver(app, 'Pushy Pelicans');
    const fan = await followWithPush(team.id, 'ok');
    const gone = await followWithPush(team.id, 'gone');
    const stopped = await followWithPush(team.id, 'ok');
    expect((await app.inject({ method: 'POST', url: `/api/followers/${stopped.token}/stop` })).statusCode).toBe(200);
    const waiting = await followWithPush(team.id, 'ok', false);
    expect(await app.db.select().from(teamFollowerPushes).where(eq(teamFollowerPushes.endpoint, waiting.endpoint))).toHaveLength(1);

    const first = await postUpdate(cookie, 'Summit of the Col de la Bonette!');
    await expect.poll(() => received.map((r) => r.path), { timeout: 15_000 }).toEqual(expect.arrayContaining([fan.path, gone.path]));
    expect(decrypt(pushesTo(fan.path)[0]!.body, fan.ecdh, fan.auth)).toEqual({
      title: 'Pushy Pelicans: news from the road',
      body: 'Summit of the Col de la Bonette!',
      url: `/donate/${team.id}#team-updates`,
      tag: `team-update-${first.id}`,
    });
    await expect
      .poll(async () => (await app.db.select().from(teamFollowerPushes).where(eq(teamFollowerPushes.endpoint, gone.endpoint))).length)
      .toBe(0);

    // Pushes go one update after another: once the second has reached the fan, the first is done with.
    await postUpdate(cookie, 'Down the other side');
    await expect.poll(() => pushesTo(fan.path).length, { timeout: 15_000 }).toBe(2);
    expect(pushesTo(gone.path)).toHaveLength(1);
    expect(pushesTo(stopped.path)).toEqual([]);
    expect(pushesTo(waiting.path)).toEqual([]);
  });

  it('refuses a private or local push endpoint with a clear message, starting no follow', async () => {
    const { team } = await teamDriver(app);
    const email = `refused-${randomUUID().slice(0, 6)}@supporters.test`;
    const b = browser('ok');
    const res = await follow(team.id, { email, push: { ...b.push, endpoint: 'https://10.0.0.7/push/abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('endpoint must be a public push service, not a private or local address');
    expect(await app.db.select().from(teamFollowers).where(eq(teamFollowers.email, email))).toEqual([]);
    const http = await follow(team.id, { email, push: { ...b.push, endpoint: 'http://push.example.com/abc' } });
    expect(http.statusCode).toBe(400);
  });

  it('gives browsers the site’s public key without an account', async () => {
    const res = await app.inject({ url: '/api/followers/push-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});
